import Foundation

/// Writes an MP4 file (`ftyp` `isom`/`mp42`): video tracks (H.264 or HEVC samples, copied from
/// a movie or from ``VideoEncoder``) and AAC sound tracks (from ``AACEncoder``), with the
/// callers' timestamps and edit lists kept exactly.
///
/// The file is "fast start": `moov` comes before `mdat`, so players can begin before the whole
/// file has arrived. Samples are kept in an anonymous ``ScratchFile`` until ``finish()``
/// knows the size of `moov`, then everything is written through an ``AtomicFileWriter``: a
/// failure or a writer dropped without finishing leaves nothing at the destination. Memory
/// holds only the sample tables.
///
/// Not thread-safe: use one writer from one task.
public final class MP4Writer {
    /// A track added to the writer.
    public struct Track: Hashable, Sendable {
        let index: Int
    }

    /// The output path.
    public let destination: String
    /// Units per second of movie-level times (edit lists, track durations).
    public let movieTimescale: UInt32
    /// Seconds since 1904-01-01 recorded as the creation and modification time.
    public var creationTime: UInt32 = 0
    /// Boxes for `moov/udta` (for example ``MP4Boxes/location(_:)``); none by default.
    public var userData: [Box] = []

    private let scratch: ScratchFile
    private var tracks: [MP4TrackBuilder] = []
    private var lastTrack: Int?
    private var finished = false

    /// Starts an MP4 at `destination`.
    /// - Parameter movieTimescale: Units of movie-level times; keep the source movie's (600 on
    ///   iPhones) so its edit lists carry over exactly.
    /// - Throws: ``MediaError`` `.writeFailed` when the destination's directory is not writable.
    public init(destination: String, movieTimescale: UInt32 = 600) throws {
        guard movieTimescale > 0 else { throw MediaError(.invalidArgument, "the movie timescale must be positive") }
        self.destination = destination
        self.movieTimescale = movieTimescale
        let directory = URL(fileURLWithPath: destination).deletingLastPathComponent().path
        scratch = try ScratchFile(directory: directory)
    }

    /// Adds a track; its id is its position, from 1.
    public func addTrack(_ format: MP4TrackFormat) -> Track {
        tracks.append(MP4TrackBuilder(format: format, trackID: UInt32(tracks.count + 1)))
        return Track(index: tracks.count - 1)
    }

    /// Appends one sample.
    /// - Parameters:
    ///   - bytes: The sample (length-prefixed NAL units, or one AAC access unit).
    ///   - track: The track it belongs to.
    ///   - decodeTime: Decoding time in the track's timescale; must increase within a track.
    ///   - presentationTime: Presentation time in the same units.
    ///   - isSync: Whether decoding can start here.
    ///   - duration: The sample's duration, when known (used for the last sample).
    public func append<C: Collection>(
        _ bytes: C, to track: Track, decodeTime: Int64, presentationTime: Int64,
        isSync: Bool, duration: Int64? = nil
    ) throws where C.Element == UInt8 {
        guard !finished else { throw MediaError(.invalidArgument, file: destination, "sample appended after the MP4 was finished") }
        guard tracks.indices.contains(track.index) else { throw MediaError(.invalidArgument, "no such MP4 track") }
        guard bytes.count <= Int(UInt32.max) else { throw MediaError(.tooLarge, file: destination, "a sample of \(bytes.count) bytes") }
        let offset = try scratch.append(bytes)
        try tracks[track.index].add(
            .init(
                offset: offset, size: UInt32(bytes.count), decodeTime: decodeTime,
                compositionOffset: presentationTime - decodeTime, isSync: isSync,
                duration: duration, startsChunk: lastTrack != track.index))
        lastTrack = track.index
    }

    /// Appends a packet from ``VideoEncoder`` (times in the encoder's time base).
    public func append(_ packet: EncodedVideoPacket, to track: Track) throws {
        try append(packet.data, to: track, decodeTime: packet.dts, presentationTime: packet.pts, isSync: packet.isKeyframe)
    }

    /// Appends a packet from ``AACEncoder`` (times in samples).
    public func append(_ packet: EncodedAudioPacket, to track: Track) throws {
        try append(
            packet.data, to: track, decodeTime: packet.dts, presentationTime: packet.pts, isSync: true,
            duration: packet.duration)
    }

    /// Sets where the last sample of `track` ends, in the track's given times (otherwise its own
    /// duration or the previous sample's is used).
    public func setMediaEnd(_ time: Int64, of track: Track) {
        guard tracks.indices.contains(track.index) else { return }
        tracks[track.index].mediaEnd = time
    }

    /// Writes `ftyp`, `moov` and `mdat` and moves the file into place.
    /// - Returns: The size of the file in bytes.
    /// - Throws: ``MediaError`` naming the destination; nothing is left there on failure.
    @discardableResult
    public func finish() throws -> Int64 {
        guard !finished else { throw MediaError(.invalidArgument, file: destination, "MP4 finished twice") }
        finished = true
        return try MediaError.naming(destination) {
            guard !tracks.isEmpty else { throw MediaError(.invalidArgument, "an MP4 needs at least one track") }
            let ftyp = MP4Boxes.fileType().serialized
            let mdatHeaderSize: Int64 = scratch.size + 8 > Int64(UInt32.max) ? 16 : 8
            // The moov's size depends on the offsets only through stco/co64: settle that first.
            var wide = false
            var moov = try makeMovieBox(base: 0, wide: false)
            let base = Int64(ftyp.count) + Int64(moov.serializedSize) + mdatHeaderSize
            if base + scratch.size > Int64(UInt32.max) { wide = true }
            let finalBase = wide ? Int64(ftyp.count) + Int64(try makeMovieBox(base: 0, wide: true).serializedSize) + mdatHeaderSize : base
            moov = try makeMovieBox(base: finalBase, wide: wide)
            guard Int64(ftyp.count) + Int64(moov.serializedSize) + mdatHeaderSize == finalBase else {
                throw MediaError(.writeFailed, "MP4 layout drifted while placing the moov box")
            }
            let output = try AtomicFileWriter(destination: destination)
            var head = ByteWriter()
            head.write(bytes: ftyp)
            moov.write(to: &head)
            if mdatHeaderSize == 16 {
                head.write(UInt32(1))
                head.write(FourCC("mdat"))
                head.write(UInt64(scratch.size + 16))
            } else {
                head.write(UInt32(scratch.size + 8))
                head.write(FourCC("mdat"))
            }
            try output.write(head.bytes)
            try scratch.copy(to: output)
            try output.commit()
            return output.offset
        }
    }

    /// Builds `moov` with chunk offsets measured from `base`.
    private func makeMovieBox(base: Int64, wide: Bool) throws -> Box {
        var traks: [Box] = []
        var duration: UInt64 = 0
        for track in tracks {
            let (trak, presented) = try track.makeTrack(movieTimescale: movieTimescale, base: base, forceWideOffsets: wide)
            traks.append(trak)
            duration = max(duration, presented)
        }
        var children = [
            MovieHeader.makeBox(
                timescale: movieTimescale, duration: duration, nextTrackID: UInt32(tracks.count + 1),
                creationTime: creationTime)
        ]
        children += traks
        if !userData.isEmpty { children.append(Box("udta", children: userData)) }
        return Box("moov", children: children)
    }
}
