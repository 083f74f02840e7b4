import GlintMedia

/// How edited frames are encoded.
public struct MovieEncoding: Sendable, Equatable, Codable {
    /// `h264` (libx264, the default) or `hevc` (libx265).
    public var codec: String
    /// Constant rate factor: lower is better quality and bigger files (x264/x265 scale).
    public var crf: Double
    /// Encoder preset (`ultrafast` ... `veryslow`).
    public var preset: String

    /// H.264, CRF 20, preset medium.
    public static let `default` = MovieEncoding(codec: "h264", crf: 20, preset: "medium")

    public init(codec: String = "h264", crf: Double = 20, preset: String = "medium") {
        self.codec = codec
        self.crf = crf
        self.preset = preset
    }

    /// The codec as the encoder knows it.
    /// - Throws: ``MediaError`` `.invalidArgument` for anything but h264 and hevc.
    public func videoCodec() throws -> VideoCodec {
        switch codec.lowercased() {
        case "h264", "avc", "x264": return .h264
        case "hevc", "h265", "x265": return .hevc
        default: throw MediaError(.invalidArgument, "unknown codec \"\(codec)\": use h264 or hevc")
        }
    }

    /// Checks the settings before any work starts.
    public func validate() throws {
        _ = try videoCodec()
        guard crf.isFinite, (0...51).contains(crf) else { throw MediaError(.invalidArgument, "CRF must be between 0 and 51, got \(crf)") }
        let presets = ["ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower", "veryslow", "placebo"]
        guard presets.contains(preset) else {
            throw MediaError(.invalidArgument, "unknown preset \"\(preset)\": use one of \(presets.joined(separator: ", "))")
        }
    }
}
