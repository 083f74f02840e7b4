/// How edited stills are encoded, per format (an edited still keeps its input's format).
public struct StillEncoding: Sendable, Equatable {
    /// JPEG quality, 1...100.
    public var jpegQuality: Int
    /// HEIC (x265) settings.
    public var heic: HEICEncoder.Settings
    /// The colour space the edited pixels are in when it is not the input's own (a recipe's
    /// output colour space): its ICC profile replaces the input's, and a HEIC's `nclx` takes its
    /// primaries. `nil` keeps the input's colour description.
    public var colourSpace: ColourSpace?

    /// ``JPEGEncoder/defaultQuality`` and the default HEIC settings, unless given.
    public init(jpegQuality: Int = JPEGEncoder.defaultQuality, heic: HEICEncoder.Settings = HEICEncoder.Settings(), colourSpace: ColourSpace? = nil) {
        self.jpegQuality = jpegQuality
        self.heic = heic
        self.colourSpace = colourSpace
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
