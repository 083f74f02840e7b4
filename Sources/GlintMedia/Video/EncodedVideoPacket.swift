/// One compressed video sample, ready to be written to an MP4/QuickTime track.
public struct EncodedVideoPacket: Sendable, Equatable {
    /// NAL units, each preceded by a 4-byte big-endian length (`lengthSizeMinusOne` = 3).
    public var data: [UInt8]
    /// Presentation timestamp, in the encoder's time base.
    public var pts: Int64
    /// Decoding timestamp, in the encoder's time base. With B-frames it can be below `pts`,
    /// and the first ones can be negative.
    public var dts: Int64
    /// Whether the sample is a sync sample (an IDR/IRAP picture).
    public var isKeyframe: Bool

    /// Creates a packet.
    /// - Parameters:
    ///   - data: Length-prefixed NAL units.
    ///   - pts: Presentation timestamp.
    ///   - dts: Decoding timestamp.
    ///   - isKeyframe: Whether it is a sync sample.
    public init(data: [UInt8], pts: Int64, dts: Int64, isKeyframe: Bool) {
        self.data = data
        self.pts = pts
        self.dts = dts
        self.isKeyframe = isKeyframe
    }
}
