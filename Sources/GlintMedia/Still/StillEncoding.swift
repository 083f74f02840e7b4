/// How edited stills are encoded, per format (an edited still keeps its input's format).
public struct StillEncoding: Sendable, Equatable {
    /// JPEG quality, 1...100.
    public var jpegQuality: Int
    /// HEIC (x265) settings.
    public var heic: HEICEncoder.Settings

    /// JPEG quality 92 and the default HEIC settings.
    public init(jpegQuality: Int = 92, heic: HEICEncoder.Settings = HEICEncoder.Settings()) {
        self.jpegQuality = jpegQuality
        self.heic = heic
    }

    /// Checks the settings before any work starts.
    /// - Throws: ``MediaError`` `.invalidArgument` naming the bad setting.
    public func validate() throws {
        guard (1...100).contains(jpegQuality) else {
            throw MediaError(.invalidArgument, "JPEG quality must be between 1 and 100, got \(jpegQuality)")
        }
        try heic.validate()
    }
}
