/// What a movie's video stream says about itself, before any frame is decoded.
public struct VideoStreamInfo: Sendable, Equatable {
    /// The compression format.
    public var codec: VideoCodec
    /// The coded width in pixels. FFmpeg ignores QuickTime's clean aperture, so this can be
    /// larger than the picture players show (1440 rather than 1308 for the iPhone 6s fixture).
    public var width: Int
    /// The coded height in pixels.
    public var height: Int
    /// Numerator of the stream time base (the duration of one tick, in seconds).
    public var timeBaseNumerator: Int32
    /// Denominator of the stream time base; the media timescale for QuickTime (600 on iPhones).
    public var timeBaseDenominator: Int32
    /// The number of frames the container declares, or `nil` when it does not say.
    public var frameCount: Int?
    /// The container's duration of the stream in time-base ticks, or `nil` when unknown.
    public var duration: Int64?
    /// The stream's colour description.
    public var colourInfo: VideoColourInfo
    /// The codec's configuration as stored in the container: the `avcC` or `hvcC` payload
    /// for MP4/QuickTime files. Empty when the stream has none.
    public var extradata: [UInt8]
    /// The zero-based index of the stream within the file.
    public var streamIndex: Int

    /// Creates a stream description.
    /// - Parameters:
    ///   - codec: The compression format.
    ///   - width: Coded width in pixels.
    ///   - height: Coded height in pixels.
    ///   - timeBaseNumerator: Time base numerator.
    ///   - timeBaseDenominator: Time base denominator.
    ///   - frameCount: Declared frame count, if known.
    ///   - duration: Duration in ticks, if known.
    ///   - colourInfo: Colour description.
    ///   - extradata: Codec configuration bytes.
    ///   - streamIndex: Index of the stream in its file.
    public init(
        codec: VideoCodec, width: Int, height: Int,
        timeBaseNumerator: Int32, timeBaseDenominator: Int32,
        frameCount: Int?, duration: Int64?, colourInfo: VideoColourInfo,
        extradata: [UInt8], streamIndex: Int
    ) {
        self.codec = codec
        self.width = width
        self.height = height
        self.timeBaseNumerator = timeBaseNumerator
        self.timeBaseDenominator = timeBaseDenominator
        self.frameCount = frameCount
        self.duration = duration
        self.colourInfo = colourInfo
        self.extradata = extradata
        self.streamIndex = streamIndex
    }
}
