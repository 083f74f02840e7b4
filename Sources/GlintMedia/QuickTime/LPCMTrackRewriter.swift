/// Writes part of an uncompressed (LPCM) sound track into a new movie, sample-accurately, with
/// an optional gain, and builds its `trak`.
///
/// The kept audio frames are read, scaled and written a megabyte at a time, so memory stays
/// bounded; they land in one chunk. The sample description is kept byte for byte, so the sound
/// keeps its format (byte order, bit depth, channels, rate).
public enum LPCMTrackRewriter {
    /// Bytes read and written at a time.
    static let pieceSize = 1 << 20

    /// The number of audio frames in `track` and the media duration of one, in media units.
    /// - Throws: ``MediaError`` `.unsupported` for a layout other than one frame per table sample
    ///   at a constant duration.
    public static func frameLayout(of track: MovieTrack, format: LPCMFormat) throws -> (count: Int, duration: Int64) {
        let table = track.sampleTable
        guard table.uniformSampleSize == 1 || Int(table.uniformSampleSize) == format.bytesPerFrame else {
            throw MediaError(
                .unsupported,
                "the sound track stores \(table.uniformSampleSize == 0 ? "variable-size" : "\(table.uniformSampleSize)-byte") samples for \(format.bytesPerFrame)-byte audio frames"
            )
        }
        let delta = table.timeToSample.first?.value ?? 1
        guard delta > 0, table.timeToSample.allSatisfy({ $0.value == delta }) else {
            throw MediaError(.unsupported, "the sound track's samples do not all last the same time")
        }
        return (table.sampleCount, delta)
    }

    /// Writes audio frames `frames` of `track` into `writer`, multiplied by `gain`.
    /// - Parameters:
    ///   - track: The source sound track.
    ///   - movie: The movie it belongs to.
    ///   - writer: The new movie.
    ///   - frames: The audio frames to keep (0-based, in media order).
    ///   - format: The samples' layout (from ``LPCMFormat/init(_:)``).
    ///   - gain: Applied to every sample (``AudioGain/isIdentity`` copies the bytes unchanged).
    ///   - timing: The new edit list (`nil` for none) and `tkhd` duration (movie timescale);
    ///     `nil` keeps the track's own.
    /// - Returns: The new `trak`.
    public static func write(
        _ track: MovieTrack, from movie: QuickTimeMovie, into writer: QuickTimeMovieWriter,
        frames: Range<Int>, format: LPCMFormat, gain: AudioGain,
        timing: (editList: EditList?, trackDuration: UInt64)?
    ) throws -> Box {
        let layout = try frameLayout(of: track, format: format)
        guard frames.lowerBound >= 0, frames.upperBound <= layout.count, !frames.isEmpty else {
            throw MediaError(.invalidArgument, "audio frames \(frames) are not inside the track's \(layout.count) frames")
        }
        let frameBytes = format.bytesPerFrame
        let perPiece = max(1, pieceSize / frameBytes)
        var start: UInt64?
        for chunk in try track.sampleTable.chunks() {
            let low = max(frames.lowerBound, chunk.firstSample)
            let high = min(frames.upperBound, chunk.firstSample + chunk.sampleCount)
            var frame = low
            while frame < high {
                let count = min(perPiece, high - frame)
                var bytes = try movie.file.read(
                    at: Int64(chunk.offset) + Int64(frame - chunk.firstSample) * Int64(frameBytes),
                    count: count * frameBytes)
                if !gain.isIdentity { gain.apply(to: &bytes, format: format) }
                let offset = try writer.append(bytes)
                if start == nil { start = offset }
                frame += count
            }
        }
        guard let start else { throw MediaError(.corrupt, "the sound track's chunks hold none of frames \(frames)") }
        var trak = track.box
        let descriptionIndex = track.sampleTable.sampleToChunk.first?.sampleDescriptionIndex ?? 1
        TrackTiming.setSingleChunkSamples(
            &trak, durations: [.init(count: UInt32(frames.count), value: layout.duration)],
            uniformSize: track.sampleTable.uniformSampleSize, sizes: [], count: frames.count,
            chunkOffset: start, descriptionIndex: descriptionIndex)
        try TrackTiming.setMediaDuration(&trak, UInt64(frames.count) * UInt64(layout.duration))
        if let timing {
            TrackTiming.setEditList(&trak, timing.editList)
            try TrackTiming.setTrackDuration(&trak, timing.trackDuration)
        }
        return trak
    }
}
