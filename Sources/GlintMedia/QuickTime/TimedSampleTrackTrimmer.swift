/// Cuts a track of timed samples that are shown one after another (timed metadata, text) to a
/// span of the movie's presentation timeline, copying the kept samples byte for byte.
///
/// A sample is kept when the time it is shown overlaps the span; the first and last kept samples
/// are shortened to the span's edges. The output span starts at time 0.
public enum TimedSampleTrackTrimmer {
    /// What happened to a track.
    public enum Outcome {
        /// The cut track.
        case trimmed(Box)
        /// The track was left out, for this reason.
        case dropped(String)
    }

    /// Cuts `track` to [`start`, `end`) (seconds on the source timeline) into `writer`.
    public static func trim(
        _ track: MovieTrack, from movie: QuickTimeMovie, into writer: QuickTimeMovieWriter,
        start: Double, end: Double
    ) throws -> Outcome {
        let table = track.sampleTable
        guard track.sampleDescriptions.count == 1 else { return .dropped("it has several sample descriptions") }
        guard table.compositionOffsets.allSatisfy({ $0.value == 0 }) else { return .dropped("its samples are reordered (ctts)") }
        let scale = Double(track.mediaTimescale)
        let movieScale = Double(movie.header.timescale)
        guard let span = presentedSpan(of: track, movieScale: movieScale) else {
            return .dropped("its edit list is not one normal-speed edit")
        }
        // Clip every sample's showing to the segment and to the span, in media units from `start`.
        let low = Int64(((start - span.segmentStart) * scale).rounded()) + span.mediaStart
        let high = min(Int64(((end - span.segmentStart) * scale).rounded()) + span.mediaStart, span.mediaStart + span.mediaLength)
        let kept = shownSamples(of: table, low: low, high: high, mediaStart: span.mediaStart)
        guard let first = kept.first else { return .dropped("none of its samples is shown in the kept span") }

        let (offset, sizes) = try copy(kept.map(\.index), of: table, from: movie, into: writer)
        var trak = track.box
        let durations = SampleTable.runs(of: kept.map { $0.to - $0.from })
        let mediaDuration = kept.reduce(0) { $0 + ($1.to - $1.from) }
        TrackTiming.setSingleChunkSamples(
            &trak, durations: durations, uniformSize: table.uniformSampleSize == 0 ? nil : table.uniformSampleSize,
            sizes: sizes, count: kept.count, chunkOffset: offset ?? 0,
            descriptionIndex: table.sampleToChunk.first?.sampleDescriptionIndex ?? 1)
        try TrackTiming.setMediaDuration(&trak, UInt64(mediaDuration))
        // Shown from where its first kept sample now starts.
        let lead = UInt64((Double(first.from - low) / scale * movieScale).rounded())
        let shown = UInt64((Double(mediaDuration) / scale * movieScale).rounded())
        var entries: [EditList.Entry] = []
        if lead > 0 { entries.append(.init(segmentDuration: lead, mediaTime: -1)) }
        entries.append(.init(segmentDuration: max(shown, 1), mediaTime: 0))
        TrackTiming.setEditList(&trak, EditList(entries: entries))
        try TrackTiming.setTrackDuration(&trak, lead + max(shown, 1))
        return .trimmed(trak)
    }

    /// The presented media span of `track`: one normal-speed edit, maybe after an empty one
    /// (where it starts on the movie timeline, in seconds, and its media time and length); the
    /// whole media from time 0 without an edit list; `nil` for any other edit list.
    private static func presentedSpan(
        of track: MovieTrack,
        movieScale: Double
    ) -> (segmentStart: Double, mediaStart: Int64, mediaLength: Int64)? {
        guard let entries = track.editList?.entries, !entries.isEmpty else { return (0, 0, Int64(track.mediaDuration)) }
        let presenting = entries.filter { $0.mediaTime >= 0 }
        guard presenting.count == 1, let edit = presenting.first, edit.mediaRate == 0x10000,
            entries.last == edit, entries.dropLast().allSatisfy({ $0.mediaTime == -1 })
        else {
            return nil
        }
        let segmentStart = Double(entries.dropLast().reduce(0) { $0 + $1.segmentDuration }) / movieScale
        let mediaLength = Int64((Double(edit.segmentDuration) / movieScale * Double(track.mediaTimescale)).rounded())
        return (segmentStart, edit.mediaTime, mediaLength)
    }

    /// The samples shown between media times `low` and `high` (and not before `mediaStart`), each
    /// with the part of its showing kept.
    private static func shownSamples(
        of table: SampleTable, low: Int64, high: Int64,
        mediaStart: Int64
    ) -> [(index: Int, from: Int64, to: Int64)] {
        let times = table.decodeTimes()
        var kept: [(index: Int, from: Int64, to: Int64)] = []
        for (index, time) in times.enumerated() {
            let next = index + 1 < times.count ? times[index + 1] : Int64(table.mediaDuration)
            let from = max(time, low, mediaStart)
            let to = min(next, high)
            if to > from { kept.append((index, from, to)) }
        }
        return kept
    }

    /// Copies the samples `indices` into `writer`, byte for byte, one after another: where the
    /// first went (`nil` when there are none) and each one's size.
    private static func copy(
        _ indices: [Int], of table: SampleTable, from movie: QuickTimeMovie,
        into writer: QuickTimeMovieWriter
    ) throws -> (offset: UInt64?, sizes: [UInt32]) {
        // Each sample's file position, walking the chunks once.
        var positions: [Int64] = Array(repeating: 0, count: table.sampleCount)
        for chunk in try table.chunks() {
            var position = Int64(chunk.offset)
            for i in chunk.firstSample..<(chunk.firstSample + chunk.sampleCount) {
                positions[i] = position
                position += Int64(table.size(ofSample: i))
            }
        }
        var offset: UInt64?
        var sizes: [UInt32] = []
        for index in indices {
            let size = table.size(ofSample: index)
            let at = try writer.append(try movie.file.read(at: positions[index], count: Int(size)))
            if offset == nil { offset = at }
            sizes.append(size)
        }
        return (offset, sizes)
    }
}
