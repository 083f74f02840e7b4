/// A QuickTime (`.mov`) or MP4 file whose structure (`moov`) has been read; media data stays on
/// disk and is read on demand.
public struct QuickTimeMovie: Sendable {
    /// Largest `moov` accepted (a few seconds of phone video have a `moov` of a few kilobytes).
    public static let moovSizeLimit: Int64 = 64 << 20

    /// The open file.
    public let file: RandomAccessFile
    /// The top-level boxes in file order.
    public let topLevelBoxes: [TopLevelBox]
    /// The `ftyp` major brand, when present.
    public let majorBrand: FourCC?
    /// The `moov` box tree.
    public let moov: Box
    /// The movie header.
    public let header: MovieHeader
    /// The tracks in file order.
    public let tracks: [MovieTrack]
    /// Metadata from `moov/meta` (Apple's layout); empty when absent.
    public let metadata: QuickTimeMetadata

    /// The path the movie was read from.
    public var path: String { file.path }

    /// Opens and parses the movie at `path`.
    /// - Throws: ``MediaError`` naming the file: `.empty`, `.truncated`, `.corrupt` ("not a
    ///   QuickTime file", "no moov box", a damaged box), `.tooLarge`.
    public init(path: String) throws {
        let file = try RandomAccessFile(path: path)
        try self.init(file: file)
    }

    /// Parses the movie in an already open file.
    public init(file: RandomAccessFile) throws {
        self.file = file
        topLevelBoxes = try TopLevelBox.scan(file)
        if let ftyp = topLevelBoxes.first(where: { $0.type == "ftyp" }), ftyp.size >= 12 {
            var reader = ByteReader(try file.read(at: ftyp.payloadOffset, count: 4), context: "ftyp box")
            majorBrand = try reader.readFourCC()
        } else {
            majorBrand = nil
        }
        guard let moovBox = topLevelBoxes.first(where: { $0.type == "moov" }) else {
            throw MediaError(.corrupt, file: file.path, "no moov box: not a complete QuickTime movie")
        }
        guard moovBox.size <= Self.moovSizeLimit else {
            throw MediaError(.tooLarge, file: file.path, "moov box is \(moovBox.size) bytes, over the \(Self.moovSizeLimit)-byte limit")
        }
        let payload = try file.read(at: moovBox.payloadOffset, count: Int(moovBox.size) - moovBox.headerSize)
        do {
            moov = Box("moov", children: try BoxParser.parseBoxes(payload[...], context: "moov"))
            guard let mvhd = moov.child("mvhd") else { throw MediaError(.corrupt, "moov has no mvhd box") }
            header = try MovieHeader(mvhd)
            tracks = try moov.children("trak").map(MovieTrack.init)
            metadata = try moov.child("meta").map(QuickTimeMetadata.init) ?? QuickTimeMetadata()
            for track in tracks {
                // Compared without adding: an offset past Int64 or a huge length cannot overflow.
                for chunk in try track.chunkRanges() where chunk.offset > UInt64(file.size) || chunk.length > file.size - Int64(chunk.offset) {
                    throw MediaError(
                        .corrupt,
                        "track \(track.trackID) points at media data beyond the end of the file (\(chunk.length) bytes at byte \(chunk.offset) of \(file.size)): the file is truncated or its sample table is broken"
                    )
                }
            }
        } catch let error as MediaError {
            throw MediaError(error.kind == .truncated ? .corrupt : error.kind, file: file.path, "damaged moov: \(error.problem)")
        }
    }

    /// The first video track.
    public var videoTrack: MovieTrack? { tracks.first { $0.handlerType == "vide" } }

    /// The first sound track.
    public var audioTrack: MovieTrack? { tracks.first { $0.handlerType == "soun" } }

    /// The timed-metadata track that marks the Live Photo's still time.
    public var stillImageTimeTrack: MovieTrack? {
        tracks.first { $0.handlerType == "meta" && $0.carriesMetadataKey(StillImageTimeTrack.key) }
    }

    /// The content identifier from the movie's metadata.
    public var contentIdentifier: ContentIdentifier? { metadata.contentIdentifier }

    /// The presented duration in seconds.
    public var duration: Double { header.seconds }

    /// The presentation time, in seconds, of the still image: the first sample of the
    /// still-image-time track, placed through its edit list. `nil` when the movie has no such track.
    public var stillImageTime: Double? {
        guard let track = stillImageTimeTrack else { return nil }
        let times = track.sampleTable.presentationTimes()
        guard let first = times.first else { return nil }
        return track.presentationSeconds(ofMediaTime: first, movieTimescale: header.timescale)
    }

    /// Reads the bytes of sample `index` of `track`.
    public func sampleData(_ track: MovieTrack, index: Int) throws -> [UInt8] {
        let chunks = try track.sampleTable.chunks()
        guard let chunk = chunks.last(where: { $0.firstSample <= index }), index < chunk.firstSample + chunk.sampleCount else {
            throw MediaError(.corrupt, file: path, "track \(track.trackID) has no sample \(index)")
        }
        var offset = Int64(chunk.offset)
        for i in chunk.firstSample..<index { offset += Int64(track.sampleTable.size(ofSample: i)) }
        return try file.read(at: offset, count: Int(track.sampleTable.size(ofSample: index)))
    }
}
