extension StillImageTimeTrack {
    /// Moves the still time of an existing still-image-time track, keeping its sample entry (and
    /// any other keys it declares) and its sample: the first sample is shown at `stillTime` by an
    /// empty edit followed by a one-tick edit, the iPhone's own layout. Files that put the sample
    /// at the still's timestamp without an edit list (AVAssetWriter's way) get the same layout.
    /// - Parameters:
    ///   - trak: The track's box, as copied into the new movie.
    ///   - track: The parsed source track.
    ///   - stillTime: The new still time in movie-timescale units.
    public static func retime(_ trak: inout Box, track: MovieTrack, stillTime: UInt64) throws {
        guard let mediaTime = track.sampleTable.presentationTimes().first else {
            throw MediaError(.corrupt, "the still-image-time track (\(track.trackID)) has no sample")
        }
        var entries: [EditList.Entry] = []
        if stillTime > 0 { entries.append(.init(segmentDuration: stillTime, mediaTime: -1)) }
        entries.append(.init(segmentDuration: 1, mediaTime: mediaTime))
        TrackTiming.setEditList(&trak, EditList(entries: entries))
        try TrackTiming.setTrackDuration(&trak, stillTime + 1)
    }
}
