/// Collects the samples of one MP4 track as they are written and builds its `trak`.
///
/// Times are the caller's (decode and presentation times in the track's timescale). When the
/// first decoding time is not zero (B-frames make it negative; AAC priming too), the stored
/// times are shifted to start at zero and the edit list is shifted with them, so every sample
/// is presented exactly when it was given.
struct MP4TrackBuilder {
    /// One sample in the writer's scratch data.
    struct Sample {
        var offset: Int64
        var size: UInt32
        var decodeTime: Int64
        var compositionOffset: Int64
        var isSync: Bool
        var duration: Int64?
        /// Whether the sample starts a new chunk (it does not directly follow the track's previous one).
        var startsChunk: Bool
    }

    let format: MP4TrackFormat
    let trackID: UInt32
    private(set) var samples: [Sample] = []
    /// The end of the last sample in the caller's times, when the caller says.
    var mediaEnd: Int64?

    init(format: MP4TrackFormat, trackID: UInt32) {
        self.format = format
        self.trackID = trackID
    }

    mutating func add(_ sample: Sample) throws {
        if let last = samples.last, sample.decodeTime <= last.decodeTime {
            throw MediaError(.invalidArgument, "track \(trackID): decoding times must increase (\(last.decodeTime) then \(sample.decodeTime))")
        }
        samples.append(sample)
    }

    /// How much later the stored times are than the given ones.
    var shift: Int64 { -(samples.first?.decodeTime ?? 0) }

    /// Decoding-time deltas of the stored samples.
    private func durations() -> [Int64] {
        var deltas: [Int64] = []
        deltas.reserveCapacity(samples.count)
        for i in samples.indices {
            if i + 1 < samples.count {
                deltas.append(samples[i + 1].decodeTime - samples[i].decodeTime)
            } else if let end = mediaEnd, end > samples[i].decodeTime {
                deltas.append(end - samples[i].decodeTime)
            } else {
                deltas.append(samples[i].duration ?? deltas.last ?? 1)
            }
        }
        return deltas
    }

    /// The edit list as stored, and the presented duration in the movie timescale.
    /// - Parameter mediaDuration: The stored media duration (sum of the sample durations).
    func storedEdits(movieTimescale: UInt32, mediaDuration: Int64) -> (EditList?, UInt64) {
        let shift = self.shift
        if let given = format.editList {
            let entries = given.entries.map { entry -> EditList.Entry in
                var e = entry
                if e.mediaTime >= 0 { e.mediaTime += shift }
                return e
            }
            return (EditList(entries: entries), entries.reduce(0) { $0 + $1.segmentDuration })
        }
        func movieUnits(_ t: Int64) -> UInt64 { UInt64(max(0, t)) * UInt64(movieTimescale) / UInt64(format.mediaTimescale) }
        if shift > 0 {
            // Media before given time zero (B-frame reordering, priming) is not presented.
            let presented = movieUnits(mediaDuration - shift)
            return (EditList(entries: [.init(segmentDuration: presented, mediaTime: shift)]), presented)
        }
        if shift < 0 {
            // The first sample starts later than zero: an empty edit keeps it there.
            let gap = movieUnits(-shift)
            let presented = movieUnits(mediaDuration)
            return (
                EditList(entries: [.init(segmentDuration: gap, mediaTime: -1), .init(segmentDuration: presented, mediaTime: 0)]),
                gap + presented
            )
        }
        return (nil, movieUnits(mediaDuration))
    }

    /// Builds the `trak`, with chunk offsets measured from `base` (where scratch byte 0 lands).
    func makeTrack(movieTimescale: UInt32, base: Int64, forceWideOffsets: Bool) throws -> (trak: Box, presented: UInt64) {
        guard !samples.isEmpty else { throw MediaError(.invalidArgument, "track \(trackID) has no samples") }
        let deltas = durations()
        guard deltas.allSatisfy({ $0 > 0 }) else { throw MediaError(.invalidArgument, "track \(trackID) has a sample of zero duration") }
        let mediaDuration = deltas.reduce(0, +)
        let (edits, presented) = storedEdits(movieTimescale: movieTimescale, mediaDuration: mediaDuration)

        var stbl: [Box] = [SampleDescription.makeBox([format.sampleEntry]), SampleTable.makeRunBox("stts", SampleTable.runs(of: deltas))]
        let offsets = samples.map(\.compositionOffset)
        if offsets.contains(where: { $0 != 0 }) {
            stbl.append(SampleTable.makeRunBox("ctts", SampleTable.runs(of: offsets), version: offsets.contains { $0 < 0 } ? 1 : 0))
        }
        if !samples.allSatisfy(\.isSync) {
            var w = ByteWriter()
            let sync = samples.indices.filter { samples[$0].isSync }
            w.write(UInt32(sync.count))
            for index in sync { w.write(UInt32(index + 1)) }
            stbl.append(Box("stss", version: 0, flags: 0, body: w.bytes))
        }
        let chunkOffsets = chunkBoxes(base: base, into: &stbl)
        stbl.append(forceWideOffsets ? Self.wideChunkOffsets(chunkOffsets) : SampleTable.makeChunkOffsetBox(chunkOffsets))

        let isVideo = format.kind != .audio
        var width = 0.0
        var height = 0.0
        if case .video(let w, let h) = format.kind { (width, height) = (w, h) }
        var children = [
            TrackHeader.make(
                trackID: trackID, duration: presented, matrix: format.matrix, width: width, height: height,
                isAudio: !isVideo, flags: 3)
        ]
        if let edits { children.append(edits.makeBox()) }
        children.append(
            Box(
                "mdia",
                children: [
                    MP4Boxes.mediaHeader(timescale: format.mediaTimescale, duration: UInt64(mediaDuration), language: format.language),
                    MP4Boxes.handler(isVideo ? "vide" : "soun", name: isVideo ? "VideoHandler" : "SoundHandler"),
                    Box("minf", children: [MP4Boxes.mediaInformationHeader(video: isVideo), MP4Boxes.dataInformation(), Box("stbl", children: stbl)]),
                ]))
        return (Box("trak", children: children), presented)
    }

    /// Appends the `stsc` and `stsz` boxes to `stbl` and returns the chunks' offsets (from `base`): a
    /// chunk starts at each sample that says so.
    private func chunkBoxes(base: Int64, into stbl: inout [Box]) -> [UInt64] {
        var chunkOffsets: [UInt64] = []
        var chunkCounts: [Int64] = []
        for sample in samples {
            if sample.startsChunk || chunkOffsets.isEmpty {
                chunkOffsets.append(UInt64(base + sample.offset))
                chunkCounts.append(1)
            } else {
                chunkCounts[chunkCounts.count - 1] += 1
            }
        }
        var stsc = ByteWriter()
        var runs: [(first: Int, count: Int64)] = []
        for (index, count) in chunkCounts.enumerated() where runs.last?.count != count { runs.append((index + 1, count)) }
        stsc.write(UInt32(runs.count))
        for run in runs {
            stsc.write(UInt32(run.first))
            stsc.write(UInt32(run.count))
            stsc.write(UInt32(1))
        }
        stbl.append(Box("stsc", version: 0, flags: 0, body: stsc.bytes))
        var stsz = ByteWriter()
        stsz.write(UInt32(0))
        stsz.write(UInt32(samples.count))
        for sample in samples { stsz.write(sample.size) }
        stbl.append(Box("stsz", version: 0, flags: 0, body: stsz.bytes))
        return chunkOffsets
    }

    /// A `co64` box, used once any offset needs 64 bits.
    static func wideChunkOffsets(_ offsets: [UInt64]) -> Box {
        var w = ByteWriter()
        w.write(UInt32(offsets.count))
        for offset in offsets { w.write(offset) }
        return Box("co64", version: 0, flags: 0, body: w.bytes)
    }
}
