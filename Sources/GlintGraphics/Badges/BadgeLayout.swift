/// Where the badges of one image go: the result of ``BadgePlacement/layout(_:displayedWidth:displayedHeight:)``,
/// in displayed pixels (EXIF orientation applied).
public struct BadgeLayout: Sendable, Equatable, Codable {
    /// One badge's place.
    public struct Placed: Sendable, Equatable, Codable {
        /// The badge drawn (``BadgeKind/arGlyph`` where ``BadgeKind/ar`` fell back).
        public var kind: BadgeKind
        /// The badge asked for.
        public var requested: BadgeKind
        /// Whether the full badge did not fit and its glyph-only form is drawn instead.
        public var fellBackToGlyphOnly: Bool
        /// The badge's box (its artwork's full extent) in displayed pixels.
        public var rect: BadgeRect
    }

    /// The corner the badges are stacked from.
    public var corner: BadgeCorner
    /// The displayed size of the image.
    public var displayedWidth: Int
    public var displayedHeight: Int
    /// Every badge's height in pixels.
    public var height: Int
    /// The clear space kept free around every badge, from the image edges and between badges.
    public var clearSpace: Int
    /// The badges, from the corner inwards.
    public var badges: [Placed]

    /// ``clearSpace`` as a percentage of ``height``.
    public var clearSpacePercent: Double { Double(clearSpace) * 100 / Double(height) }
}
