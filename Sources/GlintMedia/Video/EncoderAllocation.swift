import CFFmpeg

/// A libavcodec encoder context and the packet it fills, allocated together.
///
/// On success the caller owns both and frees them (its `deinit`); on failure nothing is left
/// allocated.
struct EncoderAllocation {
    let encoder: UnsafePointer<AVCodec>
    let context: UnsafeMutablePointer<AVCodecContext>
    let packet: UnsafeMutablePointer<AVPacket>

    /// Finds the encoder called `name` and allocates its context and a packet.
    /// - Parameter label: How errors name the encoder ("libx264", "AAC").
    init(encoderNamed name: String, label: String) throws {
        try MediaLibraries.requireFFmpeg()
        guard let encoder = avcodec_find_encoder_by_name(name) else {
            throw MediaError(.unsupported, "this FFmpeg build has no \(name) encoder")
        }
        guard let context = avcodec_alloc_context3(encoder) else {
            throw MediaError(.encodingFailed, "out of memory allocating the \(label) encoder")
        }
        guard let packet = av_packet_alloc() else {
            var doomed: UnsafeMutablePointer<AVCodecContext>? = context
            avcodec_free_context(&doomed)
            throw MediaError(.encodingFailed, "out of memory allocating a packet")
        }
        self.encoder = encoder
        self.context = context
        self.packet = packet
    }
}
