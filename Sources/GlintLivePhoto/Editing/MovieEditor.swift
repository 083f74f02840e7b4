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

    /// Edits `movie` into `destination`.
    /// - Parameters:
    ///   - movie: The source movie, as parsed.
    ///   - destination: The output path (written atomically).
    ///   - recipe: The edit.
    ///   - displayAspect: The still's output aspect ratio, which the movie is made to match.
    ///   - contentIdentifier: The identifier the output must carry (`nil` keeps the movie's).
    ///   - encoding: Encoder settings.
    ///   - plan: The timeline and sound plan (made from `recipe` when `nil`).
    ///   - colour: The recipe's colour part, prepared (``ColourPipeline/init(recipe:)``); `nil`
    ///     prepares it here.
    ///   - hold: Where the frames wait for work running alongside the movie (the still), if anywhere.
    ///   - progress: Called after each frame with (frames done, frames in all).
    public static func edit(_ movie: QuickTimeMovie, destination: String, recipe: EditRecipe, displayAspect: Double?,
                            contentIdentifier: ContentIdentifier?, encoding: MovieEncoding = .default, plan: MovieEditPlan? = nil,
                            colour: ColourPipeline? = nil, hold: FrameHold? = nil,
                            progress: (Int, Int) -> Void = { _, _ in }) throws -> Result {
        let path = movie.path
        let plan = try plan ?? MovieEditPlan(movie: movie, recipe: recipe)
        let pipeline = try colour ?? ColourPipeline(recipe: recipe)
        return try MediaError.naming(path) {
            guard let video = movie.videoTrack, let description = video.sampleDescriptions.first else {
                throw MediaError(.unsupported, "movie has no video track")
            }
            let entry = try VisualSampleEntry(description)
            let reader = try VideoFileReader(path: path, threads: Self.decodingThreads)
            try ImageLimits.default.check(width: reader.stream.width, height: reader.stream.height)
            let orientation = video.matrix.orientation ?? .up
            let geometry = EditGeometry(recipe: recipe, width: reader.stream.width, height: reader.stream.height,
                                        orientation: orientation, region: entry.cleanAperture, alignment: 2,
                                        displayAspect: displayAspect)
            let colour = try pipeline.movieColour(stream: reader.stream.colorInfo, entry: entry)
            let processor = FrameProcessor(geometry: geometry, colour: colour.stage)
            let encoder = try VideoEncoder(configuration: VideoEncoderConfiguration(
                codec: try encoding.videoCodec(), width: geometry.outputWidth, height: geometry.outputHeight,
                timeBaseNumerator: 1, timeBaseDenominator: Int32(clamping: video.mediaTimescale),
                crf: encoding.crf, preset: encoding.preset, colorInfo: colour.colorInfo))

            let writer = try QuickTimeMovieWriter(destination: destination)
            var builder = VideoTrackBuilder()
            func store(_ packets: [EncodedVideoPacket]) throws {
                for packet in packets {
                    let offset = try writer.append(packet.data)
                    builder.add(offset: offset, size: packet.data.count, presentationTime: packet.pts,
                                decodeTime: packet.dts, isKeyframe: packet.isKeyframe)
                }
            }
            let timeline = plan.timeline
            let total = timeline.isTrimmed ? timeline.outputFrameCount : video.sampleTable.sampleCount
            var selected = 0
            var encoded = 0
            let editor = MovieFrameEditor(processor: processor, stream: reader.stream, outputColour: encoder.colorInfo)
            // The decode stage owns the reader from here, and frees it when the last frame is out.
            let done = try FramePipeline.run(reader: consume reader, editor: editor, select: { pts in
                // A trim keeps the frames in its span, re-timed; decoding stops after the last.
                if timeline.isTrimmed && selected == total { return .stop }
                guard let time = timeline.outputTime(ofFrameAt: pts) else { return .skip }
                selected += 1
                return .keep(time)
            }, hold: hold) { frame, time in
                try store(try encoder.encode(frame, pts: time))
                encoded += 1
                progress(encoded, max(total, encoded))
            }
            try store(try encoder.finish())

            let sampleEntry = VisualSampleEntry.make(
                format: FourCC(encoder.sampleEntryFourCC), width: geometry.outputWidth, height: geometry.outputHeight,
                compressorName: encoder.sampleEntryFourCC == "hvc1" ? "HEVC" : "H.264",
                extensions: [Box(FourCC(encoder.configurationBoxType), payload: encoder.decoderConfigurationRecord)]
                    + colour.colourBoxes)
            let timing = plan.timeline.videoTiming
            var videoTrak = try builder.makeTrack(
                template: video, trackID: video.trackID, sampleEntry: sampleEntry,
                width: geometry.outputWidth, height: geometry.outputHeight, mediaTimescale: video.mediaTimescale,
                mediaDuration: timing.mediaDuration, movieTimescale: movie.header.timescale,
                editList: timing.editList, presentedDuration: timing.presentedDuration)
            if plan.timeline.isTrimmed { try TrackTiming.setTrackDuration(&videoTrak, timing.presentedDuration) }
            let tracks = try CompanionTrackEditor.write(movie, videoTrackID: video.trackID, videoTrak: videoTrak,
                                                        plan: plan, into: writer)
            var header = movie.header
            header.duration = plan.timeline.outputDuration
            header.nextTrackID = tracks.nextTrackID
            var moov = movie.moov
            moov.children = moov.children?.filter { $0.type != "trak" }
            let insertAt = (moov.children?.firstIndex { $0.type == "mvhd" } ?? -1) + 1
            moov.children?.insert(contentsOf: tracks.traks, at: insertAt)
            try moov.modify(["mvhd"]) { try header.patch(&$0) }
            if let contentIdentifier, movie.metadata.contentIdentifier != contentIdentifier {
                var metadata = movie.metadata
                metadata.contentIdentifier = contentIdentifier
                moov.setChild(metadata.makeBox())
            }
            try writer.finish(moov: moov)
            return Result(geometry: geometry, frameCount: done, stillImageTime: plan.timeline.stillTimeSeconds,
                          createdStillImageTimeTrack: tracks.createdStillImageTimeTrack, timeline: plan.timeline,
                          changedSound: plan.audio.changesSound, droppedTracks: tracks.droppedTracks)
        }
    }
}
