/// How edited or transcoded movie frames are encoded: the settings a user chooses, turned into a
/// ``VideoEncoderConfiguration`` once the frame size and time base are known.
///
/// ``default`` is the one place Glint's movie encoder defaults (H.264, CRF 20, preset medium)
/// are written down; ``VideoEncoderConfiguration`` and every option type above it take theirs
/// from it.
public struct MovieEncoding: Sendable, Equatable {
    /// ``VideoCodec/h264`` (libx264, the default) or ``VideoCodec/hevc`` (libx265); any other
    /// codec is refused by ``validate()``.
    public var codec: VideoCodec
    /// Constant rate factor: lower is better quality and bigger files (x264/x265 scale).
    public var crf: Double
    /// Encoder preset (`ultrafast` ... `veryslow`).
    public var preset: String

    /// H.264, CRF 20, preset medium.
    public static let `default` = MovieEncoding(codec: .h264, crf: 20, preset: "medium")

    /// The x264/x265 presets, fastest first.
    public static let presets = ["ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower", "veryslow", "placebo"]

    /// Creates settings; each one left out is ``default``'s.
    public init(
        codec: VideoCodec = MovieEncoding.default.codec, crf: Double = MovieEncoding.default.crf,
        preset: String = MovieEncoding.default.preset
    ) {
        self.codec = codec
        self.crf = crf
        self.preset = preset
    }

    /// Creates settings with the codec named as a user types it on a command line or in job
    /// parameters: `h264` (also `avc`, `x264`) or `hevc` (also `h265`, `x265`), in any case. Any
    /// other name is kept as ``VideoCodec/other(_:)`` for ``validate()`` to refuse.
    public init(codec name: String, crf: Double = MovieEncoding.default.crf, preset: String = MovieEncoding.default.preset) {
        let codec: VideoCodec
        switch name.lowercased() {
        case "h264", "avc", "x264": codec = .h264
        case "hevc", "h265", "x265": codec = .hevc
        default: codec = .other(name)
        }
        self.init(codec: codec, crf: crf, preset: preset)
    }

    /// The codec, checked: one the encoder can write.
    /// - Throws: ``MediaError`` `.invalidArgument` for anything but h264 and hevc.
    public func videoCodec() throws -> VideoCodec {
        switch codec {
        case .h264, .hevc: return codec
        case .other(let name): throw MediaError(.invalidArgument, "unknown codec \"\(name)\": use h264 or hevc")
        }
    }

    /// Checks the settings before any work starts.
    /// - Throws: ``MediaError`` `.invalidArgument` naming the bad setting.
    public func validate() throws {
        _ = try videoCodec()
        guard crf.isFinite, (0...51).contains(crf) else { throw MediaError(.invalidArgument, "CRF must be between 0 and 51, got \(crf)") }
        guard Self.presets.contains(preset) else {
            throw MediaError(.invalidArgument, "unknown preset \"\(preset)\": use one of \(Self.presets.joined(separator: ", "))")
        }
    }
}

extension MovieEncoding: Codable {
    enum CodingKeys: String, CodingKey {
        case codec, crf, preset
    }

    /// Decodes `{"codec": "h264", "crf": 20, "preset": "medium"}`, the codec by any name the
    /// initialiser that takes a name accepts.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            codec: try container.decode(String.self, forKey: .codec), crf: try container.decode(Double.self, forKey: .crf),
            preset: try container.decode(String.self, forKey: .preset))
    }

    /// Encodes the codec by its name (``VideoCodec/description``).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(codec.description, forKey: .codec)
        try container.encode(crf, forKey: .crf)
        try container.encode(preset, forKey: .preset)
    }
}
