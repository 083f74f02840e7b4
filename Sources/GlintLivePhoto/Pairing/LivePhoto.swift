import GlintMedia

/// A Live Photo: a still and a movie that carry the same content identifier.
public struct LivePhoto: Sendable, Codable, Equatable {
    /// Path of the still (JPEG or HEIC).
    public var stillPath: String
    /// Path of the movie (QuickTime).
    public var moviePath: String
    /// The identifier both halves carry.
    public var contentIdentifier: ContentIdentifier
    /// Presentation time of the still in the movie, in seconds, when the movie marks it.
    public var stillImageTime: Double?
    /// Things a viewer may trip over (a movie without a still-image-time track, say).
    public var warnings: [String]

    public init(stillPath: String, moviePath: String, contentIdentifier: ContentIdentifier, stillImageTime: Double?, warnings: [String] = []) {
        self.stillPath = stillPath
        self.moviePath = moviePath
        self.contentIdentifier = contentIdentifier
        self.stillImageTime = stillImageTime
        self.warnings = warnings
    }
}

/// A file that is not half of any Live Photo, and why.
public struct UnpairedFile: Sendable, Codable, Equatable {
    public var path: String
    public var reason: String
}
