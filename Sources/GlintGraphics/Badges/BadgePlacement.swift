/// The placement rules for badges, applied in the photo's DISPLAYED orientation.
///
/// - **Height**: ``heightFraction`` (6%) of the image's shorter displayed side, rounded, and
///   never under ``minimumHeight`` (24 px), the smallest size at which the glyphs stay legible.
/// - **Clear space**: ⌈10% of the height⌉ on every side, from the image edges and between
///   badges (Apple's minimum for AR badges, applied to every badge).
/// - **Corner**: one ``corner`` for every image of a batch; several badges are stacked from it
///   (downwards from a top corner, upwards from a bottom one), a clear space apart, each aligned
///   to the corner's side.
/// - **Fallback**: a badge with a glyph-only form (the AR badge) uses it when the full badge and
///   its clear space would span more than ``maximumWidthFraction`` (40%) of the image's width
///   (too much of the picture hidden) or would not fit at all.
/// - **Refusals**: an image narrower or shorter than the smallest legal badge (its smallest form
///   at ``minimumHeight``) with its clear space is refused (``BadgeError/Kind/imageTooSmall``);
///   so is a stack taller than the image (``BadgeError/Kind/doesNotFit``).
public struct BadgePlacement: Sendable, Equatable {
    /// One badge to place: its kind, its artwork's proportions, and its glyph-only fallback's.
    public struct Request: Sendable, Equatable {
        public var kind: BadgeKind
        /// Width over height of the artwork.
        public var aspectRatio: Double
        /// The fallback's kind and proportions; `nil` when the badge has none.
        public var fallback: (kind: BadgeKind, aspectRatio: Double)?

        public init(kind: BadgeKind, aspectRatio: Double, fallback: (kind: BadgeKind, aspectRatio: Double)? = nil) {
            self.kind = kind
            self.aspectRatio = aspectRatio
            self.fallback = fallback
        }

        public static func == (lhs: Request, rhs: Request) -> Bool {
            lhs.kind == rhs.kind && lhs.aspectRatio == rhs.aspectRatio
                && lhs.fallback?.kind == rhs.fallback?.kind && lhs.fallback?.aspectRatio == rhs.fallback?.aspectRatio
        }
    }

    /// The badge height as a fraction of the shorter displayed side.
    public static let heightFraction = 0.06
    /// The smallest badge height, in pixels.
    public static let minimumHeight = 24
    /// How much of the image's width a full badge with its clear space may span before the
    /// glyph-only form is used.
    public static let maximumWidthFraction = 0.4

    /// The corner every badge of the batch goes in.
    public var corner: BadgeCorner

    /// Placement in `corner` (top-left, as Apple does, by default).
    public init(corner: BadgeCorner = .topLeft) {
        self.corner = corner
    }

    /// The clear space for a badge `height` pixels high: ⌈10% of it⌉, in integers.
    public static func clearSpace(forHeight height: Int) -> Int { (height + 9) / 10 }

    /// The badge height for an image of this displayed size.
    public static func badgeHeight(displayedWidth: Int, displayedHeight: Int) -> Int {
        max(minimumHeight, Int((Double(min(displayedWidth, displayedHeight)) * heightFraction).rounded()))
    }

    /// Places `requests` in an image of the given displayed size.
    /// - Throws: ``BadgeError`` `.invalidArgument` for no requests, `.imageTooSmall`,
    ///   `.doesNotFit` (see the type's documentation).
    public func layout(_ requests: [Request], displayedWidth: Int, displayedHeight: Int) throws -> BadgeLayout {
        guard !requests.isEmpty else { throw BadgeError(.invalidArgument, "no badge to place") }
        let smallestHeight = Self.minimumHeight
        let smallestClear = Self.clearSpace(forHeight: smallestHeight)
        let smallestWidth = requests.map { width(Self.minimumHeight, $0.fallback?.aspectRatio ?? $0.aspectRatio) }.max()!
        let needWidth = smallestWidth + 2 * smallestClear
        let needHeight = smallestHeight + 2 * smallestClear
        guard displayedWidth >= needWidth, displayedHeight >= needHeight else {
            throw BadgeError(
                .imageTooSmall,
                "the image is \(displayedWidth)x\(displayedHeight) pixels, smaller than the smallest legal badge "
                    + "(\(smallestWidth)x\(smallestHeight) px) with its clear space of \(smallestClear) px on every side (\(needWidth)x\(needHeight))")
        }
        let height = Self.badgeHeight(displayedWidth: displayedWidth, displayedHeight: displayedHeight)
        let clear = Self.clearSpace(forHeight: height)
        let stackHeight = requests.count * height + (requests.count + 1) * clear
        guard stackHeight <= displayedHeight else {
            throw BadgeError(
                .doesNotFit,
                "\(requests.count) badges \(height) px high with \(clear) px of clear space need \(stackHeight) px, "
                    + "but the image is \(displayedHeight) px high")
        }
        var placed: [BadgeLayout.Placed] = []
        for (index, request) in requests.enumerated() {
            var kind = request.kind
            var badgeWidth = width(height, request.aspectRatio)
            var fellBack = false
            let limit = Double(displayedWidth) * Self.maximumWidthFraction
            if let fallback = request.fallback, Double(badgeWidth + 2 * clear) > limit || badgeWidth + 2 * clear > displayedWidth {
                kind = fallback.kind
                badgeWidth = width(height, fallback.aspectRatio)
                fellBack = true
            }
            guard badgeWidth + 2 * clear <= displayedWidth else {
                throw BadgeError(
                    .doesNotFit,
                    "the \(kind) badge is \(badgeWidth)x\(height) px; with \(clear) px of clear space on each side "
                        + "it needs \(badgeWidth + 2 * clear) px, but the image is \(displayedWidth) px wide")
            }
            let x = corner.isLeft ? clear : displayedWidth - clear - badgeWidth
            let offset = clear + index * (height + clear)
            let y = corner.isTop ? offset : displayedHeight - offset - height
            placed.append(
                .init(
                    kind: kind, requested: request.kind, fellBackToGlyphOnly: fellBack,
                    rect: BadgeRect(x: x, y: y, width: badgeWidth, height: height)))
        }
        return BadgeLayout(
            corner: corner, displayedWidth: displayedWidth, displayedHeight: displayedHeight,
            height: height, clearSpace: clear, badges: placed)
    }

    private func width(_ height: Int, _ aspectRatio: Double) -> Int {
        max(1, Int((Double(height) * aspectRatio).rounded()))
    }
}
