import CFFmpeg
import Foundation

/// Streams the decoded frames of a movie file's video track, one at a time, with libavformat.
///
/// The file is opened with the demuxer option `ignore_editlist=1`, so timestamps are the raw
/// media times of the sample table: the edit list is not applied (callers that rewrite the
/// movie preserve the edit list themselves). Frames come out in presentation order. Only one
/// frame (plus the few the decoder holds for reordering) is in memory at a time.
///
/// Not thread-safe and not `Sendable`: use a reader from one task.
public final class VideoFileReader {
    /// The owned demuxer context.
    private var format: UnsafeMutablePointer<AVFormatContext>?
    /// A reusable packet.
    private let packet: UnsafeMutablePointer<AVPacket>
    /// Decodes the chosen stream.
    private let decoder: VideoDecoder
    /// Frames decoded but not yet returned.
    private var pending: [DecodedVideoFrame] = []
    /// Whether the demuxer reached the end and the decoder has been drained.
    private var finished = false

    /// The path given at creation.
    public let path: String
    /// The chosen video stream.
    public let stream: VideoStreamInfo

    /// Opens `path` and picks its best video stream.
    /// - Parameters:
    ///   - path: The movie file (QuickTime or MP4: nothing else is read, ``MovieDemuxer``).
    ///   - threads: Decoding threads; 0 lets FFmpeg choose.
    /// - Throws: ``MediaError`` naming `path`: `.notFound`, `.empty` (zero bytes), `.corrupt`
    ///   (not a movie, or broken structure), `.unsupported` (no video stream, or a codec other
    ///   than H.264 or HEVC).
    public init(path: String, threads: Int = 0) throws {
        self.path = path
        try Self.checkFile(path)
        try MediaError.naming(path) { try MediaLibraries.requireFFmpeg() }
        guard let packet = av_packet_alloc() else {
            throw MediaError(.unreadable, file: path, "out of memory allocating a packet")
        }
        var context: UnsafeMutablePointer<AVFormatContext>?
        let openStatus = MovieDemuxer.open(&context, path: path, extra: [("ignore_editlist", "1")])
        guard openStatus >= 0, let context else {
            var doomed: UnsafeMutablePointer<AVPacket>? = packet
            av_packet_free(&doomed)
            throw Self.openError(openStatus, path: path)
        }
        // Owned from here: a failure below closes it in this scope.
        var ownedContext: UnsafeMutablePointer<AVFormatContext>? = context
        var ownedPacket: UnsafeMutablePointer<AVPacket>? = packet
        var succeeded = false
        defer {
            if !succeeded {
                avformat_close_input(&ownedContext)
                av_packet_free(&ownedPacket)
            }
        }
        let infoStatus = avformat_find_stream_info(context, nil)
        guard infoStatus >= 0 else {
            throw FFmpegError.error(infoStatus, "reading the movie's stream information", kind: .corrupt, file: path)
        }
        let index = av_find_best_stream(context, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
        guard index >= 0, let avStream = context.pointee.streams[Int(index)] else {
            throw MediaError(.unsupported, file: path, "the file has no video stream")
        }
        for i in 0..<Int(context.pointee.nb_streams) where i != Int(index) {
            context.pointee.streams[i]?.pointee.discard = AVDISCARD_ALL
        }
        guard let parameters = avStream.pointee.codecpar else {
            throw MediaError(.corrupt, file: path, "the video stream has no codec parameters")
        }
        let info = Self.streamInfo(avStream, parameters: parameters, index: Int(index))
        guard info.width > 0, info.height > 0 else {
            throw MediaError(.corrupt, file: path, "the video stream declares no picture size")
        }
        self.decoder = try VideoDecoder(
            parameters: parameters, timeBase: avStream.pointee.time_base, file: path, threads: threads
        )
        self.stream = info
        self.format = context
        self.packet = packet
        succeeded = true
    }

    deinit {
        avformat_close_input(&format)
        var packetPointer: UnsafeMutablePointer<AVPacket>? = packet
        av_packet_free(&packetPointer)
    }

    /// The next frame in presentation order, or `nil` after the last one.
    ///
    /// Timestamps (``DecodedVideoFrame/pts``) are in the stream time base
    /// (``VideoStreamInfo/timeBaseNumerator`` / ``VideoStreamInfo/timeBaseDenominator``).
    /// - Throws: ``MediaError`` naming the file when the data cannot be read or decoded.
    public func nextFrame() throws -> DecodedVideoFrame? {
        while pending.isEmpty {
            if finished { return nil }
            try readMore()
        }
        return pending.removeFirst()
    }

    /// Reads packets until the decoder gives frames or the file ends.
    private func readMore() throws {
        guard let format else {
            finished = true
            return
        }
        let status = av_read_frame(format, packet)
        if status == cffmpeg_error_eof() {
            pending += try decoder.flush()
            finished = true
            return
        }
        guard status >= 0 else {
            throw FFmpegError.error(status, "reading the movie's video samples", kind: .truncated, file: path)
        }
        defer { av_packet_unref(packet) }
        guard Int(packet.pointee.stream_index) == stream.streamIndex else { return }
        pending += try decoder.decode(packet)
    }

    /// Throws the right error for a missing, unreadable or empty file.
    private static func checkFile(_ path: String) throws {
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: path)
        } catch {
            if !FileManager.default.fileExists(atPath: path) {
                throw MediaError(.notFound, file: path, "no such file")
            }
            throw MediaError(.unreadable, file: path, "cannot read the file's attributes")
        }
        if let type = attributes[.type] as? FileAttributeType, type == .typeDirectory {
            throw MediaError(.unreadable, file: path, "is a directory, not a movie file")
        }
        if let size = attributes[.size] as? NSNumber, size.int64Value == 0 {
            throw MediaError(.empty, file: path, "the movie file is empty (zero bytes)")
        }
    }

    /// The error for a failed `avformat_open_input`.
    private static func openError(_ status: Int32, path: String) -> MediaError {
        if status == cffmpeg_error_invaliddata() {
            return MediaError(.corrupt, file: path, "not a movie file libavformat recognises, or its structure is broken")
        }
        return FFmpegError.error(status, "opening the movie", kind: .unreadable, file: path)
    }

    /// Builds the public description of a stream.
    private static func streamInfo(
        _ stream: UnsafeMutablePointer<AVStream>, parameters: UnsafeMutablePointer<AVCodecParameters>, index: Int
    ) -> VideoStreamInfo {
        let p = parameters.pointee
        var extradata: [UInt8] = []
        if let bytes = p.extradata, p.extradata_size > 0 {
            extradata = Array(UnsafeBufferPointer(start: bytes, count: Int(p.extradata_size)))
        }
        var colour = VideoColourInfo(
            range: p.color_range, primaries: p.color_primaries, transfer: p.color_trc, matrix: p.color_space
        )
        if colour.range == .unspecified && PixelFormats.isJPEGRange(AVPixelFormat(rawValue: p.format)) {
            colour.range = .full
        }
        let frames = stream.pointee.nb_frames
        let duration = stream.pointee.duration
        return VideoStreamInfo(
            codec: VideoCodec(codecID: p.codec_id),
            width: Int(p.width), height: Int(p.height),
            timeBaseNumerator: stream.pointee.time_base.num,
            timeBaseDenominator: stream.pointee.time_base.den,
            frameCount: frames > 0 ? Int(frames) : nil,
            duration: duration != cffmpeg_nopts_value() && duration > 0 ? duration : nil,
            colourInfo: colour, extradata: extradata, streamIndex: index
        )
    }
}
