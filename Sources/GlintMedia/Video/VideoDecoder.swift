import CFFmpeg

/// Decodes H.264 or HEVC packets into ``DecodedVideoFrame``s with FFmpeg, using several threads.
///
/// Feed packets in decoding order with ``decode(packet:pts:dts:)``; frames come out in
/// presentation order, possibly a few packets later. Call ``flush()`` after the last packet to
/// drain the frames still held for reordering.
///
/// Packets are in the sample format of MP4/QuickTime: NAL units each preceded by a 4-byte
/// big-endian length (as described by the `avcC`/`hvcC` record given at creation).
///
/// Not thread-safe: use one decoder from one task at a time. It is not `Sendable`.
public final class VideoDecoder {
    /// The owned codec context.
    private var context: UnsafeMutablePointer<AVCodecContext>
    /// A reusable packet.
    private var packet: UnsafeMutablePointer<AVPacket>
    /// The file the packets come from, for error messages.
    private let file: String?
    /// Whether ``flush()`` has been called.
    private var flushed = false

    /// The codec being decoded.
    public let codec: VideoCodec

    /// Creates a decoder for `codec` configured by a decoder configuration record.
    /// - Parameters:
    ///   - codec: ``VideoCodec/h264`` or ``VideoCodec/hevc``.
    ///   - configuration: The `avcC` or `hvcC` box payload (given to FFmpeg as extradata).
    ///   - threads: Decoding threads; 0 lets FFmpeg choose from the number of cores.
    /// - Throws: ``MediaError`` (`.unsupported`) for other codecs or when FFmpeg lacks a decoder.
    public convenience init(codec: VideoCodec, configuration: [UInt8], threads: Int = 0) throws {
        guard let codecID = codec.codecID else {
            throw MediaError(.unsupported, "cannot decode \(codec) video; only H.264 and HEVC are supported")
        }
        try self.init(codecID: codecID, file: nil, threads: threads) { context in
            try Self.setExtradata(configuration, on: context)
        }
    }

    /// Creates a decoder for a stream described by ``VideoFileReader``'s stream info (its
    /// codec and extradata).
    /// - Parameters:
    ///   - stream: The stream description.
    ///   - threads: Decoding threads; 0 lets FFmpeg choose.
    public convenience init(stream: VideoStreamInfo, threads: Int = 0) throws {
        try self.init(codec: stream.codec, configuration: stream.extradata, threads: threads)
    }

    /// Creates a decoder from a demuxed stream's codec parameters.
    /// - Parameters:
    ///   - parameters: The stream's `codecpar` (copied; not retained).
    ///   - timeBase: The stream time base, so frame timestamps stay in it.
    ///   - file: The file the stream comes from, for error messages.
    ///   - threads: Decoding threads; 0 lets FFmpeg choose.
    convenience init(parameters: UnsafePointer<AVCodecParameters>, timeBase: AVRational, file: String?, threads: Int = 0) throws {
        try self.init(codecID: parameters.pointee.codec_id, file: file, threads: threads) { context in
            let status = avcodec_parameters_to_context(context, parameters)
            guard status >= 0 else {
                throw FFmpegError.error(status, "reading the stream's codec parameters", kind: .unsupported, file: file)
            }
            context.pointee.pkt_timebase = timeBase
        }
    }

    /// Allocates and opens the context; `configure` fills it in before opening.
    private init(
        codecID: AVCodecID, file: String?, threads: Int,
        configure: (UnsafeMutablePointer<AVCodecContext>) throws -> Void
    ) throws {
        try MediaLibraries.requireFFmpeg()
        let codec = VideoCodec(codecID: codecID)
        self.codec = codec
        self.file = file
        guard codecID == AV_CODEC_ID_H264 || codecID == AV_CODEC_ID_HEVC else {
            throw MediaError(.unsupported, file: file, "cannot decode \(codec) video; only H.264 and HEVC are supported")
        }
        guard let decoder = avcodec_find_decoder(codecID) else {
            throw MediaError(.unsupported, file: file, "this FFmpeg build has no \(codec) decoder")
        }
        guard let context = avcodec_alloc_context3(decoder) else {
            throw MediaError(.unsupported, file: file, "out of memory allocating a \(codec) decoder")
        }
        guard let packet = av_packet_alloc() else {
            var doomed: UnsafeMutablePointer<AVCodecContext>? = context
            avcodec_free_context(&doomed)
            throw MediaError(.unsupported, file: file, "out of memory allocating a packet")
        }
        // From here on deinit frees both, whatever fails.
        self.context = context
        self.packet = packet
        try configure(context)
        context.pointee.thread_count = Int32(clamping: max(0, threads))
        context.pointee.thread_type = cffmpeg_thread_frame_and_slice()
        let status = avcodec_open2(context, decoder, nil)
        guard status >= 0 else {
            throw FFmpegError.error(status, "opening the \(codec) decoder", kind: .corrupt, file: file)
        }
    }

    deinit {
        var contextPointer: UnsafeMutablePointer<AVCodecContext>? = context
        avcodec_free_context(&contextPointer)
        var packetPointer: UnsafeMutablePointer<AVPacket>? = packet
        av_packet_free(&packetPointer)
    }

    /// Decodes one packet.
    /// - Parameters:
    ///   - packet: The compressed sample: length-prefixed NAL units.
    ///   - pts: The sample's presentation time in the caller's time base, if known.
    ///   - dts: The sample's decoding time, if known.
    /// - Returns: The frames that became ready, in presentation order (often none or one).
    /// - Throws: ``MediaError`` (`.corrupt`) when the data cannot be decoded.
    public func decode(packet bytes: [UInt8], pts: Int64?, dts: Int64?) throws -> [DecodedVideoFrame] {
        guard !bytes.isEmpty else { return [] }
        av_packet_unref(packet)
        let status = av_new_packet(packet, Int32(clamping: bytes.count))
        guard status >= 0 else {
            throw FFmpegError.error(status, "allocating a packet", kind: .corrupt, file: file)
        }
        bytes.withUnsafeBufferPointer { source in
            packet.pointee.data.update(from: source.baseAddress!, count: bytes.count)
        }
        packet.pointee.pts = pts ?? cffmpeg_nopts_value()
        packet.pointee.dts = dts ?? cffmpeg_nopts_value()
        defer { av_packet_unref(packet) }
        return try decode(packet)
    }

    /// Decodes a packet owned by the caller (not consumed).
    func decode(_ packet: UnsafeMutablePointer<AVPacket>) throws -> [DecodedVideoFrame] {
        if flushed {
            throw MediaError(.invalidArgument, file: file, "packet given to a \(codec) decoder after flush()")
        }
        var frames: [DecodedVideoFrame] = []
        while true {
            let status = avcodec_send_packet(context, packet)
            if status == cffmpeg_error_eagain() {
                // The decoder is full: take frames out, then send the packet again.
                let drained = try receiveFrames()
                frames += drained
                if drained.isEmpty {
                    throw MediaError(.corrupt, file: file, "the \(codec) decoder accepts no more data")
                }
                continue
            }
            guard status >= 0 else {
                throw FFmpegError.error(status, "decoding a \(codec) packet", kind: .corrupt, file: file)
            }
            break
        }
        frames += try receiveFrames()
        return frames
    }

    /// Drains the frames the decoder still holds. Call once after the last packet.
    /// - Returns: The remaining frames, in presentation order.
    public func flush() throws -> [DecodedVideoFrame] {
        guard !flushed else { return [] }
        flushed = true
        let status = avcodec_send_packet(context, nil)
        guard status >= 0 || status == cffmpeg_error_eof() else {
            throw FFmpegError.error(status, "flushing the \(codec) decoder", kind: .corrupt, file: file)
        }
        return try receiveFrames()
    }

    /// Receives every frame currently available.
    private func receiveFrames() throws -> [DecodedVideoFrame] {
        var frames: [DecodedVideoFrame] = []
        while true {
            guard let frame = av_frame_alloc() else {
                throw MediaError(.corrupt, file: file, "out of memory allocating a frame")
            }
            let wrapped = DecodedVideoFrame(taking: frame)
            let status = avcodec_receive_frame(context, frame)
            if status == cffmpeg_error_eagain() || status == cffmpeg_error_eof() {
                return frames
            }
            guard status >= 0 else {
                throw FFmpegError.error(status, "decoding a \(codec) frame", kind: .corrupt, file: file)
            }
            frames.append(wrapped)
        }
    }

    /// Copies `bytes` into the context's extradata (padded as FFmpeg requires).
    private static func setExtradata(_ bytes: [UInt8], on context: UnsafeMutablePointer<AVCodecContext>) throws {
        guard !bytes.isEmpty else { return }
        let padding = Int(AV_INPUT_BUFFER_PADDING_SIZE)
        guard let buffer = av_mallocz(bytes.count + padding)?.assumingMemoryBound(to: UInt8.self) else {
            throw MediaError(.corrupt, "out of memory copying the decoder configuration")
        }
        buffer.update(from: bytes, count: bytes.count)
        context.pointee.extradata = buffer
        context.pointee.extradata_size = Int32(bytes.count)
    }
}
