import GlintMedia

/// Writes a movie's tracks other than the edited video for an edit: sound copied, or cut and
/// scaled; the still-image-time track kept, moved (trim, key photo) or created; other timed
/// metadata copied, or cut to the trimmed span (or left out, with the reason).
enum CompanionTrackEditor {
    /// The tracks of the new movie and what happened to them.
    struct Outcome {
        /// Every `trak`, in the source's order, the new video one in place of the old.
        var traks: [Box]
        /// The next free track id.
        var nextTrackID: UInt32
        /// Whether the still-image-time track was created (the source had none).
        var createdStillImageTimeTrack: Bool
        /// Tracks left out, each as "track N (handler/format): reason".
        var droppedTracks: [String]
    }

    /// Writes every track of `movie` but the video (`videoTrak` takes its place) into `writer`.
    static func write(
        _ movie: QuickTimeMovie, videoTrackID: UInt32, videoTrak: Box, plan: MovieEditPlan,
        into writer: QuickTimeMovieWriter
    ) throws -> Outcome {
        let timeline = plan.timeline
        let stillTrackID = movie.stillImageTimeTrack?.trackID
        var traks: [Box] = []
        var dropped: [String] = []
        func drop(_ track: MovieTrack, _ reason: String) {
            dropped.append("track \(track.trackID) (\(track.handlerType)/\(track.format.map { "\($0)" } ?? "none")): \(reason)")
        }
        for track in movie.tracks {
            if track.trackID == videoTrackID {
                traks.append(videoTrak)
            } else if track.trackID == stillTrackID {
                var trak = try writer.copyTrack(track, from: movie)
                if timeline.isTrimmed || timeline.keyPhotoFrame != nil {
                    try StillImageTimeTrack.retime(&trak, track: track, stillTime: timeline.stillTime)
                }
                traks.append(trak)
            } else if track.handlerType == "soun" {
                switch plan.audio.actions[track.trackID] ?? .copy {
                case .copy:
                    traks.append(try writer.copyTrack(track, from: movie))
                case .rewrite(let format, let frames, let timing):
                    traks.append(
                        try LPCMTrackRewriter.write(
                            track, from: movie, into: writer, frames: frames, format: format,
                            gain: plan.audio.gain, timing: timing))
                case .drop(let reason):
                    drop(track, reason)
                }
            } else if !timeline.isTrimmed {
                traks.append(try writer.copyTrack(track, from: movie))
            } else if track.handlerType == "vide" {
                drop(track, "only the main video track is edited")
            } else {
                let span = timeline.sourceSpan
                switch try TimedSampleTrackTrimmer.trim(track, from: movie, into: writer, start: span.start, end: span.end) {
                case .trimmed(let trak): traks.append(trak)
                case .dropped(let reason): drop(track, reason)
                }
            }
        }
        var nextTrackID = movie.header.nextTrackID
        let create = stillTrackID == nil
        if create {
            let newTrack = NewTrackID(after: movie.tracks.map(\.trackID), headerNext: movie.header.nextTrackID)
            let offset = try writer.append(StillImageTimeTrack.sampleBytes)
            traks.append(
                StillImageTimeTrack.makeTrack(
                    trackID: newTrack.trackID, videoTrackID: videoTrackID,
                    stillTime: timeline.stillTime, sampleOffset: offset))
            nextTrackID = newTrack.nextTrackID
        }
        return Outcome(traks: traks, nextTrackID: nextTrackID, createdStillImageTimeTrack: create, droppedTracks: dropped)
    }
}
