/// Reads the samples of a movie's uncompressed (LPCM) sound track in bounded pieces, in
/// decoding order, straight from the chunks its sample table lists.
public struct LPCMTrackReader {
    /// The movie holding the track.
    public let movie: QuickTimeMovie
    /// The sound track.
    public let track: MovieTrack
    /// The samples' layout.
    public let format: LPCMFormat

    /// Prepares to read `track` of `movie`.
    /// - Throws: ``MediaError`` naming the movie: `.unsupported` when the track is not PCM or
    ///   its layout is not handled.
    public init(movie: QuickTimeMovie, track: MovieTrack) throws {
        guard let description = track.sampleDescriptions.first else {
            throw MediaError(.corrupt, file: movie.path, "sound track \(track.trackID) has no sample description")
        }
        self.movie = movie
        self.track = track
        format = try MediaError.naming(movie.path) { try LPCMFormat(description) }
    }

    /// Total frames (samples per channel) in the track.
    public func frameCount() throws -> Int64 {
        try track.chunkRanges().reduce(0) { $0 + $1.length } / Int64(format.bytesPerFrame)
    }

    /// Calls `body` with whole frames, at most `maxFrames` at a time, until the track ends.
    public func forEachBlock(maxFrames: Int = 16384, _ body: (ArraySlice<UInt8>) throws -> Void) throws {
        let blockBytes = max(1, maxFrames) * format.bytesPerFrame
        var carry: [UInt8] = []
        for chunk in try MediaError.naming(movie.path, { try track.chunkRanges() }) {
            var done: Int64 = 0
            while done < chunk.length {
                let count = Int(min(Int64(blockBytes), chunk.length - done))
                var bytes = carry
                bytes += try movie.file.read(at: Int64(chunk.offset) + done, count: count)
                done += Int64(count)
                let whole = bytes.count - bytes.count % format.bytesPerFrame
                carry = Array(bytes[whole...])
                if whole > 0 { try body(bytes[..<whole]) }
            }
        }
    }
}
