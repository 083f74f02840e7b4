import GlintMedia

/// Applies an edit to every frame of a Live Photo movie and writes a QuickTime movie that keeps
/// everything else: the frames' own timestamps and the edit list, the rotation matrix, the audio
/// and timed-metadata tracks copied byte for byte, the `moov/meta` keys, and the
/// still-image-time track.
///
/// A trim keeps the frames presented in its span, re-timed to start at 0, and cuts the sound and
/// timed metadata to the same span; a key photo or trim moves the still time; a volume or mute
/// rewrites the sound (``MovieEditPlan``, ``CompanionTrackEditor``).
///
/// Frames flow through a ``FramePipeline``: decoding, editing and encoding run at once on their
/// own threads, a few frames apart; memory does not grow with the movie's length.
public enum MovieEditor {
    /// What was written.
    public struct Result: Sendable {
        public var geometry: EditGeometry
        public var frameCount: Int
        public var stillImageTime: Double?
        public var createdStillImageTimeTrack: Bool
        /// The timeline that was applied (trim, key photo, still time).
        public var timeline: TimelinePlan
        /// Whether the sound was rewritten (gain or trim) rather than copied.
        public var changedSound: Bool
        /// Tracks left out by a trim, with the reason.
        public var droppedTracks: [String]
    }

    /// Runs `edit`.
    /// - Parameters:
    ///   - edit: The movie, the output path, the recipe and the settings.
    ///   - progress: Called after each frame with (frames done, frames in all).
    public static func edit(_ edit: MovieEdit, progress: (Int, Int) -> Void = { _, _ in }) throws -> Result {
        let movie = edit.movie
        let plan = try edit.plan ?? MovieEditPlan(movie: movie, recipe: edit.recipe)
        let pipeline = try edit.colour ?? ColourPipeline(recipe: edit.recipe)
        return try MediaError.naming(movie.path) {
            guard let video = movie.videoTrack, let description = video.sampleDescriptions.first else {
                throw MediaError(.unsupported, "movie has no video track")
            }
            let entry = try VisualSampleEntry(description)
            let reader = try VideoFileReader(path: movie.path, threads: Self.decodingThreads)
            try ImageLimits.default.check(width: reader.stream.width, height: reader.stream.height)
            let geometry = EditGeometry(
                recipe: edit.recipe, width: reader.stream.width, height: reader.stream.height,
                orientation: video.matrix.orientation ?? .up, region: entry.cleanAperture, alignment: 2,
                displayAspect: edit.displayAspect)
            let colour = try pipeline.movieColour(stream: reader.stream.colourInfo, entry: entry)
            let processor = FrameProcessor(geometry: geometry, colour: colour.stage)
            let encoder = try VideoEncoder(
                configuration: VideoEncoderConfiguration(
                    codec: try edit.encoding.videoCodec(), width: geometry.outputWidth, height: geometry.outputHeight,
                    timeBaseNumerator: 1, timeBaseDenominator: Int32(clamping: video.mediaTimescale),
                    crf: edit.encoding.crf, preset: edit.encoding.preset, colourInfo: colour.colourInfo))

            let writer = try QuickTimeMovieWriter(destination: edit.destination)
            var builder = VideoTrackBuilder()
            let editor = MovieFrameEditor(processor: processor, stream: reader.stream, outputColour: encoder.colourInfo)
            let done = try encodeFrames(
                reader: reader, editor: editor, timeline: plan.timeline,
                sampleCount: video.sampleTable.sampleCount, hold: edit.hold, encoder: encoder,
                writer: writer, builder: &builder, progress: progress)
            let videoTrak = try makeVideoTrack(
                builder, template: video, encoder: encoder, geometry: geometry,
                colourBoxes: colour.colourBoxes, movie: movie, timeline: plan.timeline)
            let tracks = try CompanionTrackEditor.write(
                movie, videoTrackID: video.trackID, videoTrak: videoTrak,
                plan: plan, into: writer)
            try writer.finish(
                moov: movieBox(
                    movie, traks: tracks.traks, nextTrackID: tracks.nextTrackID,
                    duration: plan.timeline.outputDuration, contentIdentifier: edit.contentIdentifier))
            return Result(
                geometry: geometry, frameCount: done, stillImageTime: plan.timeline.stillTimeSeconds,
                createdStillImageTimeTrack: tracks.createdStillImageTimeTrack, timeline: plan.timeline,
                changedSound: plan.audio.changesSound, droppedTracks: tracks.droppedTracks)
        }
    }

    /// Runs the frames `timeline` keeps through a ``FramePipeline`` into `encoder`, appending
    /// each packet to `writer` and recording it in `builder`.
    /// - Returns: The number of frames encoded.
    private static func encodeFrames(
        reader: sending VideoFileReader, editor: sending MovieFrameEditor, timeline: TimelinePlan,
        sampleCount: Int, hold: FrameHold?, encoder: VideoEncoder, writer: QuickTimeMovieWriter,
        builder: inout VideoTrackBuilder, progress: (Int, Int) -> Void
    ) throws -> Int {
        func store(_ packets: [EncodedVideoPacket]) throws {
            for packet in packets {
                let offset = try writer.append(packet.data)
                builder.add(
                    offset: offset, size: packet.data.count, presentationTime: packet.pts,
                    decodeTime: packet.dts, isKeyframe: packet.isKeyframe)
            }
        }
        let total = timeline.isTrimmed ? timeline.outputFrameCount : sampleCount
        var selected = 0
        var encoded = 0
        // The decode stage owns the reader from here, and frees it when the last frame is out.
        let done = try FramePipeline.run(
            reader: reader, editor: editor,
            select: { pts in
                // A trim keeps the frames in its span, re-timed; decoding stops after the last.
                if timeline.isTrimmed && selected == total { return .stop }
                guard let time = timeline.outputTime(ofFrameAt: pts) else { return .skip }
                selected += 1
                return .keep(time)
            }, hold: hold,
            encode: { frame, time in
                try store(try encoder.encode(frame, pts: time))
                encoded += 1
                progress(encoded, max(total, encoded))
            })
        try store(try encoder.finish())
        return done
    }

    /// The edited video track: the encoded samples in `builder` under the encoder's sample entry
    /// (with the colour boxes), in place of `video`, timed as `timeline` says.
    private static func makeVideoTrack(
        _ builder: VideoTrackBuilder, template video: MovieTrack, encoder: VideoEncoder,
        geometry: EditGeometry, colourBoxes: [Box], movie: QuickTimeMovie,
        timeline: TimelinePlan
    ) throws -> Box {
        let sampleEntry = VisualSampleEntry.make(
            format: FourCC(encoder.sampleEntryFourCC), width: geometry.outputWidth, height: geometry.outputHeight,
            compressorName: encoder.sampleEntryFourCC == "hvc1" ? "HEVC" : "H.264",
            extensions: [Box(FourCC(encoder.configurationBoxType), payload: encoder.decoderConfigurationRecord)]
                + colourBoxes)
        let timing = timeline.videoTiming
        var videoTrak = try builder.makeTrack(
            template: video, trackID: video.trackID, sampleEntry: sampleEntry,
            width: geometry.outputWidth, height: geometry.outputHeight, mediaTimescale: video.mediaTimescale,
            mediaDuration: timing.mediaDuration, movieTimescale: movie.header.timescale,
            editList: timing.editList, presentedDuration: timing.presentedDuration)
        if timeline.isTrimmed { try TrackTiming.setTrackDuration(&videoTrak, timing.presentedDuration) }
        return videoTrak
    }

    /// The output's `moov`: the source's, with `traks` in place of its tracks, the new duration
    /// and next track ID, and `contentIdentifier` (when it differs) in its metadata.
    private static func movieBox(
        _ movie: QuickTimeMovie, traks: [Box], nextTrackID: UInt32, duration: UInt64,
        contentIdentifier: ContentIdentifier?
    ) throws -> Box {
        var header = movie.header
        header.duration = duration
        header.nextTrackID = nextTrackID
        var moov = movie.moov
        moov.children = moov.children?.filter { $0.type != "trak" }
        let insertAt = (moov.children?.firstIndex { $0.type == "mvhd" } ?? -1) + 1
        moov.children?.insert(contentsOf: traks, at: insertAt)
        try moov.modify(["mvhd"]) { try header.patch(&$0) }
        if let contentIdentifier, movie.metadata.contentIdentifier != contentIdentifier {
            var metadata = movie.metadata
            metadata.contentIdentifier = contentIdentifier
            moov.setChild(metadata.makeBox())
        }
        return moov
    }
}
