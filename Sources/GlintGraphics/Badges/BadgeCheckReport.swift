/// What `glint badge --check` measured in one image: each badge found, its corner, size and the
/// clear space on each side, and whether that clear space is at least 10% of its height.
public struct BadgeCheckReport: Sendable, Codable {
    /// The free distance on one side of a badge: to an image edge, or to another badge.
    public struct Clearance: Sendable, Codable, Equatable {
        /// `top`, `bottom`, `left`, `right`, or `badge <kind>`.
        public var side: String
        /// In displayed pixels.
        public var distance: Int
    }

    /// One badge found.
    public struct Found: Sendable, Codable {
        /// The badge recognised (``BadgeKind/arGlyph`` when an AR badge was asked for and its
        /// glyph-only form is what is there).
        public var kind: BadgeKind
        /// The corner it is nearest to.
        public var corner: BadgeCorner
        /// Its box in displayed pixels; its height is the badge's size.
        public var rect: BadgeRect
        /// How well the artwork matches there (alpha-weighted normalised cross-correlation, 0...1).
        public var score: Double
        /// The distances to the four edges and to every other badge found.
        public var clearSpace: [Clearance]
        /// The smallest legal clear space: 10% of the height, in pixels (not rounded).
        public var requiredClearSpace: Double
        /// The smallest of ``clearSpace`` as a percentage of the height.
        public var clearSpacePercent: Double
        /// Whether every clearance is at least ``requiredClearSpace``.
        public var passes: Bool
    }

    /// The image checked.
    public var file: String
    /// Its displayed size.
    public var displayedWidth: Int
    public var displayedHeight: Int
    /// The badges found.
    public var badges: [Found]
    /// What fails the check, in words (a badge not found, clear space too small).
    public var problems: [String]

    /// Whether every badge asked for was found with enough clear space.
    public var passes: Bool { problems.isEmpty }

    enum CodingKeys: String, CodingKey {
        case file, displayedWidth, displayedHeight, badges, problems, passes
    }

    public init(file: String, displayedWidth: Int, displayedHeight: Int, badges: [Found], problems: [String]) {
        (self.file, self.displayedWidth, self.displayedHeight, self.badges, self.problems) = (file, displayedWidth, displayedHeight, badges, problems)
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            file: try c.decode(String.self, forKey: .file), displayedWidth: try c.decode(Int.self, forKey: .displayedWidth),
            displayedHeight: try c.decode(Int.self, forKey: .displayedHeight), badges: try c.decode([Found].self, forKey: .badges),
            problems: try c.decode([String].self, forKey: .problems))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(file, forKey: .file)
        try c.encode(displayedWidth, forKey: .displayedWidth)
        try c.encode(displayedHeight, forKey: .displayedHeight)
        try c.encode(badges, forKey: .badges)
        try c.encode(problems, forKey: .problems)
        try c.encode(passes, forKey: .passes)
    }
}
