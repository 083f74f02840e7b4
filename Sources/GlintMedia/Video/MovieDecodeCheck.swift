import CFFmpeg

/// Proves that libavformat and libavcodec can play a movie: opens it with libavformat's
/// QuickTime / MP4 demuxer alone, no protocol allowed (``MovieDemuxer``; reading
/// through a custom I/O context, so the movie may be a byte range of a larger file such as a
/// Motion Photo) and decodes every packet of its video stream.
public enum MovieDecodeCheck {
    /// How much of the video is decoded.
    public enum Depth: Sendable {
        /// Every packet (`glint inspect`): a frame that does not decode anywhere is found.
        case everyFrame
        /// Until the first frame comes out: the stream opens, its decoder configuration and first
        /// key frame decode (a conversion that copies the samples needs no more).
        case firstFrame
    }

    /// What libavformat found and decoded.
    public struct Result: Sendable, Equatable {
        /// The demuxer's name (`mov,mp4,m4a,3gp,3g2,mj2`).
        public var formatName: String
        /// FFmpeg's name of the video codec.
        public var videoCodec: String
        /// Frames decoded from the video stream.
        public var decodedFrames: Int
        /// FFmpeg's name of the first audio stream's codec, when there is one.
        public var audioCodec: String?
    }

    /// Reads `file` (or the window of a file it describes) through libavformat.
    /// - Throws: ``MediaError`` naming the file: `.corrupt` when libavformat cannot open it,
    ///   finds no video, or a packet does not decode; `.unsupported` for a codec without decoder.
    public static func run(_ file: RandomAccessFile, depth: Depth = .everyFrame) throws -> Result {
        try MediaError.naming(file.path) { try MediaLibraries.requireFFmpeg() }
        let source = IOSource(file: file)
        let bufferSize = 1 << 16
        guard let buffer = av_malloc(bufferSize) else { throw MediaError(.unreadable, file: file.path, "out of memory") }
        let opaque = Unmanaged.passUnretained(source).toOpaque()
        guard
            let io = avio_alloc_context(
                buffer.assumingMemoryBound(to: UInt8.self), Int32(bufferSize), 0, opaque,
                readPacket, nil, seek)
        else {
            av_free(buffer)
            throw MediaError(.unreadable, file: file.path, "out of memory allocating an I/O context")
        }
        var format = avformat_alloc_context()
        defer {
            avformat_close_input(&format)
            av_freep(&io.pointee.buffer)
            var doomed: UnsafeMutablePointer<AVIOContext>? = io
            avio_context_free(&doomed)
            withExtendedLifetime(source) {}
        }
        guard let context = format else { throw MediaError(.unreadable, file: file.path, "out of memory allocating a demuxer") }
        context.pointee.pb = io
        context.pointee.flags |= AVFMT_FLAG_CUSTOM_IO
        var status = MovieDemuxer.open(&format, path: nil)
        guard status >= 0, let opened = format else {
            throw FFmpegError.error(status, "opening the movie with libavformat", kind: .corrupt, file: file.path)
        }
        status = avformat_find_stream_info(opened, nil)
        guard status >= 0 else { throw FFmpegError.error(status, "reading the movie's streams", kind: .corrupt, file: file.path) }
        let videoIndex = av_find_best_stream(opened, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
        guard videoIndex >= 0, let stream = opened.pointee.streams[Int(videoIndex)], let parameters = stream.pointee.codecpar else {
            throw MediaError(.corrupt, file: file.path, "libavformat finds no video stream in the movie")
        }
        var audioCodec: String?
        let audioIndex = av_find_best_stream(opened, AVMEDIA_TYPE_AUDIO, -1, -1, nil, 0)
        if audioIndex >= 0, let audio = opened.pointee.streams[Int(audioIndex)]?.pointee.codecpar {
            audioCodec = String(cString: avcodec_get_name(audio.pointee.codec_id))
        }
        let decoder = try VideoDecoder(parameters: parameters, timeBase: stream.pointee.time_base, file: file.path, threads: 1)
        guard let packet = av_packet_alloc() else { throw MediaError(.unreadable, file: file.path, "out of memory") }
        var owned: UnsafeMutablePointer<AVPacket>? = packet
        defer { av_packet_free(&owned) }
        var frames = 0
        while true {
            status = av_read_frame(opened, packet)
            if status == cffmpeg_error_eof() { break }
            guard status >= 0 else { throw FFmpegError.error(status, "reading the movie's samples", kind: .corrupt, file: file.path) }
            defer { av_packet_unref(packet) }
            if packet.pointee.stream_index == videoIndex { frames += try decoder.decode(packet).count }
            if depth == .firstFrame, frames > 0 { break }
        }
        if depth == .everyFrame || frames == 0 { frames += try decoder.flush().count }
        guard frames > 0 else { throw MediaError(.corrupt, file: file.path, "the video stream decodes to no frames") }
        return Result(
            formatName: String(cString: opened.pointee.iformat.pointee.name),
            videoCodec: String(cString: avcodec_get_name(parameters.pointee.codec_id)),
            decodedFrames: frames, audioCodec: audioCodec)
    }

    /// The reading position of the custom I/O context.
    private final class IOSource {
        let file: RandomAccessFile
        var position: Int64 = 0
        init(file: RandomAccessFile) { self.file = file }
    }

    private static let readPacket: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<UInt8>?, Int32) -> Int32 = { opaque, buffer, size in
        guard let opaque, let buffer, size > 0 else { return cffmpeg_error_eof() }
        let source = Unmanaged<IOSource>.fromOpaque(opaque).takeUnretainedValue()
        let count = Int(min(Int64(size), source.file.size - source.position))
        guard count > 0 else { return cffmpeg_error_eof() }
        guard let bytes = try? source.file.read(at: source.position, count: count) else { return cffmpeg_error_invaliddata() }
        buffer.update(from: bytes, count: count)
        source.position += Int64(count)
        return Int32(count)
    }

    private static let seek: @convention(c) (UnsafeMutableRawPointer?, Int64, Int32) -> Int64 = { opaque, offset, whence in
        guard let opaque else { return -1 }
        let source = Unmanaged<IOSource>.fromOpaque(opaque).takeUnretainedValue()
        if whence & AVSEEK_SIZE != 0 { return source.file.size }
        let target: Int64
        switch whence & ~AVSEEK_FORCE {
        case SEEK_SET: target = offset
        case SEEK_CUR: target = source.position + offset
        case SEEK_END: target = source.file.size + offset
        default: return -1
        }
        guard target >= 0, target <= source.file.size else { return -1 }
        source.position = target
        return target
    }
}
