import CFFmpeg

/// A video compression format, as far as Glint's movie pipeline cares.
public enum VideoCodec: Sendable, Hashable, CustomStringConvertible {
    /// H.264 / AVC (ISO/IEC 14496-10).
    case h264
    /// H.265 / HEVC (ISO/IEC 23008-2).
    case hevc
    /// Any other codec, named by FFmpeg's short codec name (for example `"prores"`).
    case other(String)

    /// `"h264"`, `"hevc"` or the other codec's FFmpeg name.
    public var description: String {
        switch self {
        case .h264: return "h264"
        case .hevc: return "hevc"
        case .other(let name): return name
        }
    }

    /// Maps an FFmpeg codec id to a codec.
    init(codecID: AVCodecID) {
        switch codecID {
        case AV_CODEC_ID_H264: self = .h264
        case AV_CODEC_ID_HEVC: self = .hevc
        default:
            if let name = avcodec_get_name(codecID) {
                self = .other(String(cString: name))
            } else {
                self = .other("unknown")
            }
        }
    }

    /// The FFmpeg codec id, or `nil` for codecs Glint does not decode or encode.
    var codecID: AVCodecID? {
        switch self {
        case .h264: return AV_CODEC_ID_H264
        case .hevc: return AV_CODEC_ID_HEVC
        case .other: return nil
        }
    }
}
