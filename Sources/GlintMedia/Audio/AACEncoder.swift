import CFFmpeg

/// Compresses PCM audio to AAC-LC with libavcodec's native `aac` encoder.
///
/// Samples go in as planar floats (or as raw PCM bytes in any ``LPCMFormat``) in pieces of any
/// length; the encoder cuts them into 1024-sample frames. Packets come out with timestamps in
/// samples, starting at `-priming`: the encoder delay that an MP4 edit list hides (see
/// ``priming``). The stream's `AudioSpecificConfig` (the `esds` decoder-specific info) is
/// ``audioSpecificConfig``. Call ``finish()`` after the last samples.
///
/// Not thread-safe and not `Sendable`: use one encoder from one task.
public final class AACEncoder {
    /// Sample rates the AAC format defines (the sampling-frequency-index table).
    public static let supportedSampleRates: Set<Int> = [96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350]

    private var context: UnsafeMutablePointer<AVCodecContext>
    private let packet: UnsafeMutablePointer<AVPacket>
    private var pending: [[Float]]
    private var nextPTS: Int64 = 0
    private var finished = false

    /// Frames per second.
    public let sampleRate: Int
    /// Channel count.
    public let channels: Int
    /// Target bit rate in bits per second.
    public let bitRate: Int
    /// Samples per AAC frame (1024).
    public let frameSize: Int
    /// Samples of encoder delay before the first input sample (1024 for this encoder): the
    /// first packet's `pts` is `-priming`, and players skip that much through the edit list.
    public let priming: Int
    /// The `AudioSpecificConfig` describing the stream (object type, rate, channels).
    public let audioSpecificConfig: [UInt8]
    /// Samples (per channel) given so far.
    public private(set) var samplesIn: Int64 = 0

    /// Opens an encoder.
    /// - Parameters:
    ///   - sampleRate: One of ``supportedSampleRates``.
    ///   - channels: 1 to 8 (mono, stereo and the usual surround layouts).
    ///   - bitRate: Bits per second; `nil` picks 96 kbit/s for mono and 80 kbit/s per channel otherwise.
    /// - Throws: ``MediaError`` `.unsupported` for a rate or channel count AAC cannot carry or when
    ///   FFmpeg lacks the encoder, `.encodingFailed` when it refuses the settings.
    public init(sampleRate: Int, channels: Int, bitRate: Int? = nil) throws {
        try MediaLibraries.requireFFmpeg()
        guard Self.supportedSampleRates.contains(sampleRate) else {
            throw MediaError(.unsupported, "AAC cannot carry audio at \(sampleRate) Hz")
        }
        guard (1...8).contains(channels) else {
            throw MediaError(.unsupported, "AAC encoding of \(channels) channels is not supported (1 to 8)")
        }
        let rate = bitRate ?? (channels == 1 ? 96_000 : 80_000 * channels)
        guard rate > 0 else { throw MediaError(.invalidArgument, "AAC bit rate must be positive, got \(rate)") }
        let allocation = try EncoderAllocation(encoderNamed: "aac", label: "AAC")
        // From here on deinit frees both, whatever fails.
        let context = allocation.context
        self.context = context
        self.packet = allocation.packet
        self.sampleRate = sampleRate
        self.channels = channels
        self.bitRate = rate
        pending = [[Float]](repeating: [], count: channels)

        context.pointee.sample_fmt = AV_SAMPLE_FMT_FLTP
        context.pointee.sample_rate = Int32(sampleRate)
        context.pointee.bit_rate = Int64(rate)
        context.pointee.time_base = AVRational(num: 1, den: Int32(sampleRate))
        context.pointee.flags |= cffmpeg_codec_flag_global_header()
        av_channel_layout_default(&context.pointee.ch_layout, Int32(channels))
        let status = avcodec_open2(context, allocation.encoder, nil)
        guard status >= 0 else {
            throw FFmpegError.error(status, "opening the AAC encoder (\(sampleRate) Hz, \(channels) channels)", kind: .encodingFailed)
        }
        guard let extradata = context.pointee.extradata, context.pointee.extradata_size > 0 else {
            throw MediaError(.encodingFailed, "the AAC encoder produced no AudioSpecificConfig")
        }
        audioSpecificConfig = Array(UnsafeBufferPointer(start: extradata, count: Int(context.pointee.extradata_size)))
        frameSize = Int(context.pointee.frame_size > 0 ? context.pointee.frame_size : 1024)
        priming = Int(context.pointee.initial_padding)
    }

    deinit {
        var contextPointer: UnsafeMutablePointer<AVCodecContext>? = context
        avcodec_free_context(&contextPointer)
        var packetPointer: UnsafeMutablePointer<AVPacket>? = packet
        av_packet_free(&packetPointer)
    }

    /// Encodes interleaved PCM frames of `format` (a trailing partial frame is ignored).
    /// - Throws: ``MediaError`` `.invalidArgument` when the format's rate or channels differ
    ///   from the encoder's; `.encodingFailed` when encoding fails.
    public func encode(pcm bytes: ArraySlice<UInt8>, format: LPCMFormat) throws -> [EncodedAudioPacket] {
        guard format.channels == channels, format.sampleRate == Double(sampleRate) else {
            throw MediaError(.invalidArgument, "PCM audio is \(format.name), the AAC encoder expects \(channels) channels at \(sampleRate) Hz")
        }
        return try encode(planar: format.planarSamples(from: bytes))
    }

    /// Encodes planar samples in -1...1, one array per channel, all of the same length.
    public func encode(planar samples: [[Float]]) throws -> [EncodedAudioPacket] {
        guard !finished else { throw MediaError(.invalidArgument, "audio given to an AAC encoder after finish()") }
        guard samples.count == channels, let count = samples.first?.count, samples.allSatisfy({ $0.count == count }) else {
            throw MediaError(.invalidArgument, "planar audio must hold \(channels) channels of equal length")
        }
        for channel in 0..<channels { pending[channel].append(contentsOf: samples[channel]) }
        samplesIn += Int64(count)
        var packets: [EncodedAudioPacket] = []
        var consumed = 0
        while pending[0].count - consumed >= frameSize {
            packets += try send(from: consumed, count: frameSize)
            consumed += frameSize
        }
        if consumed > 0 {
            for channel in 0..<channels { pending[channel].removeFirst(consumed) }
        }
        return packets
    }

    /// Encodes what is left (a short last frame) and drains the encoder. Call once.
    public func finish() throws -> [EncodedAudioPacket] {
        guard !finished else { return [] }
        var packets: [EncodedAudioPacket] = []
        if !pending[0].isEmpty {
            packets += try send(from: 0, count: pending[0].count)
            for channel in 0..<channels { pending[channel].removeAll() }
        }
        finished = true
        let status = avcodec_send_frame(context, nil)
        guard status >= 0 || status == cffmpeg_error_eof() else {
            throw FFmpegError.error(status, "flushing the AAC encoder", kind: .encodingFailed)
        }
        return packets + (try receivePackets())
    }

    /// Sends `count` pending samples starting at `start` as one frame.
    private func send(from start: Int, count: Int) throws -> [EncodedAudioPacket] {
        guard let frame = av_frame_alloc() else {
            throw MediaError(.encodingFailed, "out of memory allocating an audio frame")
        }
        defer {
            var doomed: UnsafeMutablePointer<AVFrame>? = frame
            av_frame_free(&doomed)
        }
        frame.pointee.nb_samples = Int32(count)
        frame.pointee.format = AV_SAMPLE_FMT_FLTP.rawValue
        frame.pointee.sample_rate = Int32(sampleRate)
        var status = av_channel_layout_copy(&frame.pointee.ch_layout, &context.pointee.ch_layout)
        guard status >= 0 else { throw FFmpegError.error(status, "describing the audio channels", kind: .encodingFailed) }
        status = av_frame_get_buffer(frame, 0)
        guard status >= 0, let planes = frame.pointee.extended_data else {
            throw FFmpegError.error(status, "allocating an audio frame", kind: .encodingFailed)
        }
        for channel in 0..<channels {
            guard let plane = planes[channel] else { throw MediaError(.encodingFailed, "audio frame has no plane \(channel)") }
            plane.withMemoryRebound(to: Float.self, capacity: count) { target in
                pending[channel].withUnsafeBufferPointer { source in
                    target.update(from: source.baseAddress! + start, count: count)
                }
            }
        }
        frame.pointee.pts = nextPTS
        nextPTS += Int64(count)
        status = avcodec_send_frame(context, frame)
        guard status >= 0 else { throw FFmpegError.error(status, "encoding AAC audio", kind: .encodingFailed) }
        return try receivePackets()
    }

    /// Takes every packet the encoder has ready.
    private func receivePackets() throws -> [EncodedAudioPacket] {
        var packets: [EncodedAudioPacket] = []
        while true {
            let status = avcodec_receive_packet(context, packet)
            if status == cffmpeg_error_eagain() || status == cffmpeg_error_eof() { return packets }
            guard status >= 0 else { throw FFmpegError.error(status, "receiving an AAC packet", kind: .encodingFailed) }
            defer { av_packet_unref(packet) }
            let p = packet.pointee
            let bytes = Array(UnsafeBufferPointer(start: p.data, count: Int(p.size)))
            let pts = p.pts == cffmpeg_nopts_value() ? 0 : p.pts
            let dts = p.dts == cffmpeg_nopts_value() ? pts : p.dts
            packets.append(EncodedAudioPacket(data: bytes, pts: pts, dts: dts, duration: p.duration > 0 ? p.duration : Int64(frameSize)))
        }
    }
}
