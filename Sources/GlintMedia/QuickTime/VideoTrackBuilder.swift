/// Collects encoded video samples as they are written and builds the video `trak` for them.
///
/// Encoders that reorder frames (B-frames) produce decode times before presentation times, and
/// the first decode time may be negative. The track stores decode times shifted to start at zero
/// with composition offsets (`ctts`), and its edit list is shifted by the same amount, so every
/// frame is presented at exactly the time it was given.
public struct VideoTrackBuilder: Sendable {
    /// One encoded frame as stored in the file.
    public struct Sample: Sendable {
        public var offset: UInt64
        public var size: UInt32
        public var presentationTime: Int64
        public var decodeTime: Int64
        public var isKeyframe: Bool
    }

    /// The samples added so far, in decode order.
    public private(set) var samples: [Sample] = []

    /// Creates an empty builder.
    public init() {}

    /// Records a sample written at `offset`.
    public mutating func add(offset: UInt64, size: Int, presentationTime: Int64, decodeTime: Int64, isKeyframe: Bool) {
        samples.append(
            Sample(
                offset: offset, size: UInt32(size), presentationTime: presentationTime,
                decodeTime: decodeTime, isKeyframe: isKeyframe))
    }

    /// How much the stored media times are later than the given ones.
    public var timeShift: Int64 { -(samples.first?.decodeTime ?? 0) }

    /// Builds the `trak` box.
    /// - Parameters:
    ///   - template: The source video track to keep (`tkhd` matrix, handler, `minf` headers,
    ///     timescale, language); `nil` builds a track from scratch.
    ///   - trackID: The id for a track built from scratch (a template keeps its own).
    ///   - sampleEntry: The new sample description (`avc1`/`hvc1` with its configuration box).
    ///   - width: Coded width of the new frames.
    ///   - height: Coded height of the new frames.
    ///   - matrix: Display matrix for a track built from scratch.
    ///   - mediaTimescale: Units of the sample times.
    ///   - mediaDuration: Media duration in the given (unshifted) times: the end of the last frame.
    ///   - movieTimescale: The movie's timescale (for edit lists and track duration).
    ///   - editList: The edit list in the given (unshifted) times; `nil` for none.
    ///   - presentedDuration: Track duration in movie-timescale units.
    public func makeTrack(
        template: MovieTrack?, trackID: UInt32, sampleEntry: SampleDescription, width: Int, height: Int,
        matrix: TransformMatrix = .identity, mediaTimescale: UInt32, mediaDuration: Int64,
        movieTimescale: UInt32, editList: EditList?, presentedDuration: UInt64
    ) throws -> Box {
        guard !samples.isEmpty else { throw MediaError(.encodingFailed, "the encoder produced no video frames") }
        let shift = timeShift
        let stbl = try makeSampleTable(sampleEntry: sampleEntry, mediaDuration: mediaDuration + shift)

        var edits = editList?.entries.map { entry -> EditList.Entry in
            var e = entry
            if e.mediaTime >= 0 { e.mediaTime += shift }
            return e
        }
        if edits == nil && shift != 0 {
            edits =
                shift > 0
                ? [EditList.Entry(segmentDuration: presentedDuration, mediaTime: shift)]
                : [
                    EditList.Entry(segmentDuration: UInt64(-shift) * UInt64(movieTimescale) / UInt64(mediaTimescale), mediaTime: -1),
                    EditList.Entry(segmentDuration: presentedDuration, mediaTime: 0),
                ]
        }

        if var trak = template?.box {
            try trak.modify(["tkhd"]) { try TrackHeader.setDimensions(&$0, width: Double(width), height: Double(height)) }
            trak.removeChildren("tapt")  // the clean aperture is applied to the new frames
            trak.removeChildren("edts")
            if let edits { trak.children?.insert(EditList(entries: edits).makeBox(), at: 1) }
            try trak.modify(["mdia", "mdhd"]) { try TrackHeader.setMediaDuration(&$0, UInt64(mediaDuration + shift)) }
            trak.modify(["mdia", "minf"]) { $0.setChild(stbl) }
            return trak
        }
        var children = [
            TrackHeader.make(
                trackID: trackID, duration: presentedDuration, matrix: matrix,
                width: Double(width), height: Double(height))
        ]
        if let edits { children.append(EditList(entries: edits).makeBox()) }
        var vmhd = ByteWriter()
        vmhd.write(UInt16(0x40))
        for _ in 0..<3 { vmhd.write(UInt16(0x8000)) }
        children.append(
            Box(
                "mdia",
                children: [
                    TrackHeader.makeMediaHeader(timescale: mediaTimescale, duration: UInt64(mediaDuration + shift)),
                    TrackHeader.makeHandler(componentType: "mhlr", subtype: "vide", name: "Core Media Video"),
                    Box(
                        "minf",
                        children: [
                            Box("vmhd", version: 0, flags: 1, body: vmhd.bytes),
                            TrackHeader.makeHandler(componentType: "dhlr", subtype: "alis", name: "Core Media Data Handler"),
                            TrackHeader.makeSelfReference(),
                            stbl,
                        ]),
                ]))
        return Box("trak", children: children)
    }

    private func makeSampleTable(sampleEntry: SampleDescription, mediaDuration: Int64) throws -> Box {
        let shift = timeShift
        var deltas: [Int64] = []
        deltas.reserveCapacity(samples.count)
        for (i, sample) in samples.enumerated() {
            let start = sample.decodeTime + shift
            let end = i + 1 < samples.count ? samples[i + 1].decodeTime + shift : max(mediaDuration, start + 1)
            guard end > start else {
                throw MediaError(.encodingFailed, "decode times are not increasing at frame \(i) (\(start) then \(end))")
            }
            deltas.append(end - start)
        }
        let offsets = samples.map { $0.presentationTime - $0.decodeTime }
        guard offsets.allSatisfy({ $0 >= 0 }) else {
            throw MediaError(.encodingFailed, "a frame is presented before it is decoded")
        }
        var children: [Box] = [
            SampleDescription.makeBox([sampleEntry]),
            SampleTable.makeRunBox("stts", SampleTable.runs(of: deltas)),
        ]
        if offsets.contains(where: { $0 != 0 }) {
            children.append(SampleTable.makeRunBox("ctts", SampleTable.runs(of: offsets)))
        }
        if !samples.allSatisfy(\.isKeyframe) {
            var w = ByteWriter()
            let sync = samples.indices.filter { samples[$0].isKeyframe }
            w.write(UInt32(sync.count))
            for index in sync { w.write(UInt32(index + 1)) }
            children.append(Box("stss", version: 0, flags: 0, body: w.bytes))
        }
        children.append(Box("stsc", version: 0, flags: 0, body: [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1]))
        var stsz = ByteWriter()
        stsz.write(UInt32(0))
        stsz.write(UInt32(samples.count))
        for sample in samples { stsz.write(sample.size) }
        children.append(Box("stsz", version: 0, flags: 0, body: stsz.bytes))
        children.append(SampleTable.makeChunkOffsetBox(samples.map(\.offset)))
        return Box("stbl", children: children)
    }
}
