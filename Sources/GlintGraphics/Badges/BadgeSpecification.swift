/// What to badge a batch of images with: the kinds (stacked from the corner in this order), the
/// built-in style, the corner, and the user's artwork, if any. The same specification is used
/// for every image of a batch, so every image gets the same corner and the same badges.
public struct BadgeSpecification: Sendable {
    /// The badges, from the corner inwards.
    public var kinds: [BadgeKind]
    /// The built-in drawings' style (the user's artwork is drawn as it is).
    public var style: BadgeStyle
    /// Where the badges go.
    public var corner: BadgeCorner
    /// The user's artwork for the one kind asked for; `nil` uses the built-in drawings.
    public var artwork: BadgeArtwork?

    /// Creates a specification.
    /// - Throws: ``BadgeError`` `.invalidArgument` for no kinds, a kind given twice, or user
    ///   artwork with more than one kind (one file cannot be two badges).
    public init(kinds: [BadgeKind], style: BadgeStyle = .overlay, corner: BadgeCorner = .topLeft, artwork: BadgeArtwork? = nil) throws {
        guard !kinds.isEmpty else { throw BadgeError(.invalidArgument, "give at least one badge kind") }
        guard Set(kinds).count == kinds.count else { throw BadgeError(.invalidArgument, "a badge kind is given twice") }
        if artwork != nil, kinds.count > 1 {
            throw BadgeError(.invalidArgument, "artwork from a file is one badge: give a single --kind with --artwork")
        }
        self.kinds = kinds
        self.style = style
        self.corner = corner
        self.artwork = artwork
    }

    /// The artwork drawn for `kind` (a fallback kind included).
    public func artwork(for kind: BadgeKind) -> BadgeArtwork {
        if let artwork, kinds.first == kind { return artwork }
        return .builtIn(kind, style: style)
    }

    /// The placement requests: each kind with its artwork's proportions, and the glyph-only
    /// fallback where the kind has one and the artwork is built in (the user's full-badge
    /// artwork has no glyph-only form to fall back to).
    public var requests: [BadgePlacement.Request] {
        kinds.map { kind in
            let fallback = artwork == nil ? kind.glyphOnlyFallback.map { ($0, artwork(for: $0).aspectRatio) } : nil
            return BadgePlacement.Request(kind: kind, aspectRatio: artwork(for: kind).aspectRatio, fallback: fallback)
        }
    }
}
