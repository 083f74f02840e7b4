/// One compressed audio access unit (an AAC frame), ready to be written as an MP4 sample.
public struct EncodedAudioPacket: Sendable, Equatable {
    /// The raw access unit (no ADTS header).
    public var data: [UInt8]
    /// Presentation time in samples (1 / sample rate). The encoder's priming makes the first
    /// packets start before zero.
    public var pts: Int64
    /// Decoding time in samples; equal to `pts` for AAC.
    public var dts: Int64
    /// Samples the packet covers (1024 for AAC-LC).
    public var duration: Int64

    /// Creates a packet.
    public init(data: [UInt8], pts: Int64, dts: Int64, duration: Int64) {
        self.data = data
        self.pts = pts
        self.dts = dts
        self.duration = duration
    }
}
