/// The colour space a JPEG stream declares for its components.
public enum JPEGColourSpace: String, Sendable, Equatable {
    /// One luma component.
    case grayscale
    /// Luma and two chroma components (nearly every photo).
    case yCbCr
    /// Three components stored as RGB, without a colour transform.
    case rgb
    /// Four components, CMYK (decoding is unsupported).
    case cmyk
    /// Four components, YCbCr plus K (decoding is unsupported).
    case ycck
    /// A component layout libjpeg does not recognise.
    case unknown
}
