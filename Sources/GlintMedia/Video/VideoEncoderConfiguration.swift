/// How ``VideoEncoder`` compresses frames.
public struct VideoEncoderConfiguration: Sendable, Equatable {
    /// ``VideoCodec/h264`` (libx264) or ``VideoCodec/hevc`` (libx265).
    public var codec: VideoCodec
    /// Width in pixels; must be even (4:2:0).
    public var width: Int
    /// Height in pixels; must be even (4:2:0).
    public var height: Int
    /// Numerator of the time base of the timestamps passed to ``VideoEncoder/encode(frame:pts:)``.
    public var timeBaseNumerator: Int32
    /// Denominator of the time base: use the source's media timescale (600 on iPhones) so
    /// original timestamps pass through exactly, at a variable frame rate.
    public var timeBaseDenominator: Int32
    /// A nominal frame rate for rate control and level choice only; timestamps are kept as given.
    public var nominalFrameRate: Int
    /// Constant rate factor: lower is better quality (default ``MovieEncoding/default``'s, 20).
    public var crf: Double
    /// The x264/x265 preset, from `"ultrafast"` to `"veryslow"` (default ``MovieEncoding/default``'s,
    /// `"medium"`).
    public var preset: String
    /// The most frames between keyframes; `nil` keeps the encoder's own default (250 for
    /// x264 and x265), as the ffmpeg command line does.
    public var keyframeInterval: Int?
    /// Colour tags to write (copy them from the source). The matrix and range are also the
    /// ones used to convert RGB to YUV; an unspecified matrix means BT.709 and is tagged so,
    /// an unspecified range means limited.
    public var colourInfo: VideoColourInfo
    /// Encoding threads; 0 lets the encoder choose.
    public var threads: Int

    /// Creates a configuration.
    /// - Parameters:
    ///   - codec: ``VideoCodec/h264`` or ``VideoCodec/hevc`` (default ``MovieEncoding/default``'s).
    ///   - width: Even width in pixels.
    ///   - height: Even height in pixels.
    ///   - timeBaseNumerator: Time base numerator (usually 1).
    ///   - timeBaseDenominator: Time base denominator (the source timescale, for example 600).
    ///   - nominalFrameRate: Frame rate hint for rate control (default 30).
    ///   - crf: Constant rate factor (default ``MovieEncoding/default``'s).
    ///   - preset: Encoder preset (default ``MovieEncoding/default``'s).
    ///   - keyframeInterval: Maximum frames between keyframes (default: the encoder's own).
    ///   - colourInfo: Colour tags, normally the source's.
    ///   - threads: Encoding threads; 0 lets the encoder choose.
    public init(
        codec: VideoCodec = MovieEncoding.default.codec, width: Int, height: Int,
        timeBaseNumerator: Int32 = 1, timeBaseDenominator: Int32 = 600,
        nominalFrameRate: Int = 30, crf: Double = MovieEncoding.default.crf, preset: String = MovieEncoding.default.preset,
        keyframeInterval: Int? = nil, colourInfo: VideoColourInfo = .bt709Limited, threads: Int = 0
    ) {
        self.codec = codec
        self.width = width
        self.height = height
        self.timeBaseNumerator = timeBaseNumerator
        self.timeBaseDenominator = timeBaseDenominator
        self.nominalFrameRate = nominalFrameRate
        self.crf = crf
        self.preset = preset
        self.keyframeInterval = keyframeInterval
        self.colourInfo = colourInfo
        self.threads = threads
    }
}
