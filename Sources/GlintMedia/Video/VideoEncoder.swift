import CFFmpeg

/// Compresses RGB frames to H.264 (libx264) or HEVC (libx265) samples for an MP4/QuickTime
/// track, keeping the caller's timestamps (variable frame rate).
///
/// Parameter sets are emitted once, as the ``decoderConfigurationRecord`` (`avcC`/`hvcC`
/// payload), not in the samples. Samples are length-prefixed NAL units. B-frames are allowed,
/// so packets come out in decoding order, a few frames after their input; call ``finish()``
/// after the last frame for the rest.
///
/// Not thread-safe and not `Sendable`: use one encoder from one task (it uses its own threads).
public final class VideoEncoder {
    private var context: UnsafeMutablePointer<AVCodecContext>
    private let packet: UnsafeMutablePointer<AVPacket>
    private let converter = FrameConverter()
    private var lastPTS: Int64?
    private var finished = false

    /// The configuration given at creation.
    public let configuration: VideoEncoderConfiguration
    /// The colour tags actually written (unspecified matrix and range resolved).
    public let colourInfo: VideoColourInfo
    /// The `avcC` (H.264) or `hvcC` (HEVC) box payload describing the stream.
    public private(set) var decoderConfigurationRecord: [UInt8] = []

    /// The sample entry type for the track: `"avc1"` or `"hvc1"` (parameter sets only in the
    /// configuration record).
    public var sampleEntryFourCC: String { configuration.codec == .hevc ? "hvc1" : "avc1" }

    /// The configuration box type inside the sample entry: `"avcC"` or `"hvcC"`.
    public var configurationBoxType: String { configuration.codec == .hevc ? "hvcC" : "avcC" }

    /// Opens an encoder.
    /// - Parameter configuration: Codec, size, time base, quality and colour tags.
    /// - Throws: ``MediaError``: `.invalidArgument` for odd or non-positive sizes, a bad time
    ///   base or CRF; `.unsupported` for other codecs or when FFmpeg lacks libx264/libx265;
    ///   `.encodingFailed` when the encoder refuses the settings (for example an unknown preset).
    public init(configuration: VideoEncoderConfiguration) throws {
        self.configuration = configuration
        var colour = configuration.colourInfo
        if colour.matrix == .unspecified { colour.matrix = .bt709 }
        if colour.range == .unspecified { colour.range = .limited }
        self.colourInfo = colour
        let c = configuration
        guard c.width > 0, c.height > 0, c.width % 2 == 0, c.height % 2 == 0 else {
            throw MediaError(.invalidArgument, "video size \(c.width)x\(c.height) must be positive and even")
        }
        guard c.timeBaseNumerator > 0, c.timeBaseDenominator > 0, c.nominalFrameRate > 0, (c.keyframeInterval ?? 1) > 0 else {
            throw MediaError(.invalidArgument, "time base, frame rate and keyframe interval must be positive")
        }
        guard (0...51).contains(c.crf) else {
            throw MediaError(.invalidArgument, "CRF \(c.crf) is outside 0...51")
        }
        let encoderName: String
        switch c.codec {
        case .h264: encoderName = "libx264"
        case .hevc: encoderName = "libx265"
        case .other(let name): throw MediaError(.unsupported, "cannot encode \(name) video; only H.264 and HEVC")
        }
        let allocation = try EncoderAllocation(encoderNamed: encoderName, label: encoderName)
        // From here on deinit frees both, whatever fails.
        let context = allocation.context
        self.context = context
        self.packet = allocation.packet

        context.pointee.width = Int32(c.width)
        context.pointee.height = Int32(c.height)
        context.pointee.pix_fmt = AV_PIX_FMT_YUV420P
        context.pointee.time_base = AVRational(num: c.timeBaseNumerator, den: c.timeBaseDenominator)
        context.pointee.framerate = AVRational(num: Int32(clamping: c.nominalFrameRate), den: 1)
        if let interval = c.keyframeInterval { context.pointee.gop_size = Int32(clamping: interval) }
        context.pointee.thread_count = Int32(clamping: max(0, c.threads))
        context.pointee.flags |= cffmpeg_codec_flag_global_header()
        context.pointee.color_range = colour.range.avColorRange
        context.pointee.color_primaries = AVColorPrimaries(rawValue: UInt32(bitPattern: colour.primaries.rawValue))
        context.pointee.color_trc = AVColorTransferCharacteristic(rawValue: UInt32(bitPattern: colour.transfer.rawValue))
        context.pointee.colorspace = AVColorSpace(rawValue: UInt32(bitPattern: colour.matrix.rawValue))
        if let options = context.pointee.priv_data {
            av_opt_set(options, "preset", c.preset, 0)
            av_opt_set_double(options, "crf", c.crf, 0)
            if c.codec == .hevc { av_opt_set(options, "x265-params", "log-level=error", 0) }
        }
        let status = avcodec_open2(context, allocation.encoder, nil)
        guard status >= 0 else {
            throw FFmpegError.error(status, "opening \(encoderName) (preset \(c.preset))", kind: .encodingFailed)
        }
        guard let extradata = context.pointee.extradata, context.pointee.extradata_size > 0 else {
            throw MediaError(.encodingFailed, "\(encoderName) produced no parameter sets")
        }
        let headers = Array(UnsafeBufferPointer(start: extradata, count: Int(context.pointee.extradata_size)))
        decoderConfigurationRecord = try Self.configurationRecord(codec: c.codec, annexB: headers)
    }

    deinit {
        var contextPointer: UnsafeMutablePointer<AVCodecContext>? = context
        avcodec_free_context(&contextPointer)
        var packetPointer: UnsafeMutablePointer<AVPacket>? = packet
        av_packet_free(&packetPointer)
    }

    /// Encodes one RGB frame, converting it to YUV 4:2:0 with the configured range and matrix.
    /// - Parameters:
    ///   - frame: The picture; must be exactly the configured size.
    ///   - pts: Its presentation time in the configured time base; must increase strictly.
    /// - Returns: The packets that became ready (often none at first, while B-frames are planned).
    /// - Throws: ``MediaError`` (`.invalidArgument` for a wrong size or timestamp,
    ///   `.encodingFailed` when the encoder fails).
    public func encode(frame: RGBImage, pts: Int64) throws -> [EncodedVideoPacket] {
        guard frame.width == configuration.width, frame.height == configuration.height else {
            throw MediaError(
                .invalidArgument,
                "frame is \(frame.width)x\(frame.height), the encoder expects "
                    + "\(configuration.width)x\(configuration.height)")
        }
        let yuv = try converter.yuvFrame(from: frame, range: colourInfo.range, matrix: colourInfo.matrix)
        return try encode(yuv, pts: pts)
    }

    /// Encodes a frame already in YUV 4:2:0 (``FrameConverter/yuvFrame(from:range:matrix:)``,
    /// ``YUVColourTable``). The encoder may keep a reference to the frame's buffers: call
    /// ``YUVFrame/makeWritable()`` before writing the frame again.
    /// - Parameters:
    ///   - frame: The YUV picture, of the configured size, range and matrix.
    ///   - pts: Its presentation time in the configured time base; must increase strictly.
    public func encode(_ frame: YUVFrame, pts: Int64) throws -> [EncodedVideoPacket] {
        guard !finished else { throw MediaError(.invalidArgument, "frame given to a video encoder after finish()") }
        guard frame.width == configuration.width, frame.height == configuration.height else {
            throw MediaError(
                .invalidArgument,
                "frame is \(frame.width)x\(frame.height), the encoder expects "
                    + "\(configuration.width)x\(configuration.height)")
        }
        if let lastPTS, pts <= lastPTS {
            throw MediaError(.invalidArgument, "frame timestamp \(pts) does not follow the previous one (\(lastPTS))")
        }
        lastPTS = pts
        let avFrame = frame.box.frame
        avFrame.pointee.pts = pts
        avFrame.pointee.pict_type = AV_PICTURE_TYPE_NONE
        avFrame.pointee.color_range = colourInfo.range.avColorRange
        let status = avcodec_send_frame(context, avFrame)
        guard status >= 0 else {
            throw FFmpegError.error(status, "encoding a frame", kind: .encodingFailed)
        }
        return try receivePackets()
    }

    /// Flushes the encoder: returns the packets for frames still being encoded. Call once,
    /// after the last frame.
    public func finish() throws -> [EncodedVideoPacket] {
        guard !finished else { return [] }
        finished = true
        let status = avcodec_send_frame(context, nil)
        guard status >= 0 || status == cffmpeg_error_eof() else {
            throw FFmpegError.error(status, "flushing the encoder", kind: .encodingFailed)
        }
        return try receivePackets()
    }

    /// Takes every packet the encoder has ready.
    private func receivePackets() throws -> [EncodedVideoPacket] {
        var packets: [EncodedVideoPacket] = []
        while true {
            let status = avcodec_receive_packet(context, packet)
            if status == cffmpeg_error_eagain() || status == cffmpeg_error_eof() { return packets }
            guard status >= 0 else {
                throw FFmpegError.error(status, "receiving an encoded packet", kind: .encodingFailed)
            }
            defer { av_packet_unref(packet) }
            let bytes = Array(UnsafeBufferPointer(start: packet.pointee.data, count: Int(packet.pointee.size)))
            let nopts = cffmpeg_nopts_value()
            let pts = packet.pointee.pts
            let dts = packet.pointee.dts == nopts ? pts : packet.pointee.dts
            packets.append(
                EncodedVideoPacket(
                    data: AnnexB.lengthPrefixed(bytes), pts: pts, dts: dts,
                    isKeyframe: packet.pointee.flags & cffmpeg_pkt_flag_key() != 0
                ))
        }
    }

    /// Builds the `avcC` or `hvcC` payload from the encoder's Annex B parameter sets.
    static func configurationRecord(codec: VideoCodec, annexB: [UInt8]) throws -> [UInt8] {
        let units = AnnexB.nalUnits(in: annexB)
        do {
            if codec == .hevc {
                let record = try HEVCDecoderConfigurationRecord(
                    videoParameterSets: units.filter { AnnexB.hevcType($0) == 32 },
                    sequenceParameterSets: units.filter { AnnexB.hevcType($0) == 33 },
                    pictureParameterSets: units.filter { AnnexB.hevcType($0) == 34 }
                )
                return record.serialized
            }
            let record = try AVCDecoderConfigurationRecord(
                sequenceParameterSets: units.filter { AnnexB.h264Type($0) == 7 },
                pictureParameterSets: units.filter { AnnexB.h264Type($0) == 8 }
            )
            return record.serialized
        } catch let error as MediaError {
            throw MediaError(.encodingFailed, "the encoder's parameter sets are unusable: \(error.problem)")
        }
    }
}
