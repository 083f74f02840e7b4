/// One track of a QuickTime movie, parsed from its `trak` box.
public struct MovieTrack: Sendable {
    /// The `trak` box as stored.
    public var box: Box
    /// The track id (`tkhd`).
    public var trackID: UInt32
    /// The media handler type: `vide`, `soun`, `meta`, ...
    public var handlerType: FourCC
    /// The display matrix (`tkhd`).
    public var matrix: TransformMatrix
    /// Track width and height from `tkhd` (before the matrix).
    public var trackWidth: Double
    /// Track height from `tkhd`.
    public var trackHeight: Double
    /// Units per second of the media's times (`mdhd`).
    public var mediaTimescale: UInt32
    /// Media duration in ``mediaTimescale`` units (`mdhd`).
    public var mediaDuration: UInt64
    /// The edit list, when the track has one.
    public var editList: EditList?
    /// The sample table.
    public var sampleTable: SampleTable
    /// The sample descriptions.
    public var sampleDescriptions: [SampleDescription]
    /// Track references (`tref`): reference type to referenced track ids.
    public var references: [FourCC: [UInt32]]

    /// Parses a `trak` box.
    public init(_ box: Box) throws {
        self.box = box
        guard let tkhd = box.child("tkhd") else { throw MediaError(.corrupt, "track has no tkhd box") }
        var r = ByteReader(tkhd.payload, context: "tkhd box")
        let version = try r.readUInt8()
        try r.skip(3 + (version == 1 ? 16 : 8))
        trackID = try r.readUInt32()
        try r.skip(4 + (version == 1 ? 8 : 4) + 8 + 8)
        matrix = try TransformMatrix(reading: &r)
        trackWidth = Double(try r.readUInt32()) / 65536
        trackHeight = Double(try r.readUInt32()) / 65536

        guard let mdia = box.child("mdia"), let mdhd = mdia.child("mdhd") else {
            throw MediaError(.corrupt, "track \(trackID) has no mdia/mdhd box")
        }
        var m = ByteReader(mdhd.payload, context: "mdhd box")
        let mdhdVersion = try m.readUInt8()
        try m.skip(3 + (mdhdVersion == 1 ? 16 : 8))
        mediaTimescale = try m.readUInt32()
        mediaDuration = mdhdVersion == 1 ? try m.readUInt64() : UInt64(try m.readUInt32())
        guard mediaTimescale > 0 else { throw MediaError(.corrupt, "track \(trackID) has a zero media timescale") }

        guard let hdlr = mdia.child("hdlr"), hdlr.payload.count >= 12 else {
            throw MediaError(.corrupt, "track \(trackID) has no media handler")
        }
        var h = ByteReader(hdlr.payload, context: "hdlr box")
        try h.skip(8)
        handlerType = try h.readFourCC()

        editList = try box.descendant(["edts", "elst"]).map(EditList.init)
        guard let stbl = mdia.descendant(["minf", "stbl"]) else { throw MediaError(.corrupt, "track \(trackID) has no sample table") }
        sampleTable = try SampleTable(stbl)
        sampleDescriptions = try stbl.child("stsd").map(SampleDescription.entries) ?? []

        references = [:]
        for reference in box.child("tref")?.children ?? [] {
            var t = ByteReader(reference.payload, context: "tref box")
            var ids: [UInt32] = []
            while t.remaining >= 4 { ids.append(try t.readUInt32()) }
            references[reference.type] = ids
        }
    }

    /// The first sample description's format.
    public var format: FourCC? { sampleDescriptions.first?.format }

    /// Whether this is a timed-metadata track carrying `key` in its `mebx` sample entry.
    public func carriesMetadataKey(_ key: String) -> Bool {
        sampleDescriptions.contains { description in
            description.format == "mebx" && ((try? MetadataSampleEntry(description))?.keys.values.contains(key) ?? false)
        }
    }

    /// Presentation time in seconds of the sample at media time `mediaTime`, through the edit
    /// list when there is one.
    public func presentationSeconds(ofMediaTime mediaTime: Int64, movieTimescale: UInt32) -> Double? {
        if let editList, !editList.entries.isEmpty {
            return editList.presentationTime(ofMediaTime: mediaTime, mediaTimescale: mediaTimescale, movieTimescale: movieTimescale)
        }
        return Double(mediaTime) / Double(mediaTimescale)
    }

    /// Each chunk's file offset and length in bytes.
    ///
    /// QuickTime's old uncompressed sound entries count frames of size 1 in `stsz`; for those
    /// the real bytes per frame come from the sample entry.
    public func chunkRanges() throws -> [(offset: UInt64, length: Int64)] {
        let table = sampleTable
        var frameBytes: Int?
        if handlerType == "soun", table.uniformSampleSize == 1, let description = sampleDescriptions.first,
            SoundSampleEntry.isLPCM(description.format), let entry = try? SoundSampleEntry(description), entry.bytesPerFrame > 1
        {
            frameBytes = entry.bytesPerFrame
        }
        return try table.chunks().map { chunk in
            var length: Int64 = 0
            if let frameBytes {
                length = try chunkLength(chunk, bytesPerSample: frameBytes)
            } else if table.uniformSampleSize != 0 {
                length = try chunkLength(chunk, bytesPerSample: Int(table.uniformSampleSize))
            } else {
                for i in chunk.firstSample..<(chunk.firstSample + chunk.sampleCount) { length += Int64(table.sampleSizes[i]) }
            }
            return (chunk.offset, length)
        }
    }

    /// The bytes of `chunk`'s samples of `bytesPerSample` bytes each.
    /// - Throws: ``MediaError`` `.corrupt` when that is more than a file can hold.
    private func chunkLength(_ chunk: SampleTable.Chunk, bytesPerSample: Int) throws -> Int64 {
        let (length, overflow) = Int64(chunk.sampleCount).multipliedReportingOverflow(by: Int64(bytesPerSample))
        guard !overflow else {
            throw MediaError(.corrupt, "track \(trackID) has a chunk of \(chunk.sampleCount) samples of \(bytesPerSample) bytes: more than a file can hold")
        }
        return length
    }
}
