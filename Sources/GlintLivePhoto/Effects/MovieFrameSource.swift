import GlintMedia

/// The frames of a Live Photo movie as presented, with a recipe applied: decoded one at a time,
/// edited by the same ``FrameProcessor`` and ``EditGeometry`` as ``MovieEditor`` (so an effect of
/// an edited Live Photo shows the edit), turned upright, and timed by the same ``TimelinePlan``
/// (the edit list and the recipe's trim applied; frames that are never shown are skipped).
///
/// Time 0 is the first frame shown (the trim's start); each frame lasts until the next one
/// replaces it, the last one until the presentation (or the trim) ends.
///
/// Memory: one decoded frame at a time.
///
/// Not thread-safe and not `Sendable`.
public final class MovieFrameSource: EffectFrameStream {
    /// Upright width of the frames.
    public let width: Int
    /// Upright height of the frames.
    public let height: Int
    /// The geometry applied to every frame (in the movie's stored orientation).
    public let geometry: EditGeometry
    /// The timeline: which frames are shown, and when.
    public let plan: TimelinePlan
    /// Seconds from the first frame shown to the end of the last.
    public let duration: Double
    /// The number of frames the source returns.
    public let frameCount: Int
    /// The output time, in seconds, of the still (the key photo when the recipe picks one, the
    /// movie's still time otherwise, mid-movie when it has none).
    public let stillTime: Double
    /// The movie's path.
    public let path: String
    /// Where output time 0 is on the movie's presentation timeline, in seconds.
    public let presentationStart: Double
    /// The colour tags of the frames (the movie's, with the output space's primaries when the
    /// colours were converted).
    public let colourInfo: VideoColourInfo
    /// The `colr` boxes describing the frames, for a movie's sample entry.
    public let colourBoxes: [Box]

    private let reader: VideoFileReader
    private let processor: FrameProcessor
    private let converter = FrameConverter()
    /// Stream time base to media timescale units.
    private let toMediaUnits: Double
    /// Shown frames by media time.
    private let shown: [Int64: TimelinePlan.Frame]
    /// Media units from the start of the source timeline to output time 0.
    private let origin: Int64
    private let mediaScale: Double

    /// Opens `movie`'s video and resolves the recipe's geometry, colour and timeline for it.
    /// - Parameters:
    ///   - movie: The movie, as parsed.
    ///   - recipe: The edit (validated by the caller).
    ///   - maxDimension: A further bound on the longest side, on top of the recipe's own.
    ///   - outputColourSpace: The space to deliver frames in, overriding the recipe's
    ///     `outputColorSpace` (GIF, WebP and untagged JPEG are shown as sRGB). An HDR movie, whose
    ///     colours Glint does not convert, keeps the recipe's.
    /// - Throws: ``MediaError`` naming the movie: no video track, an undecodable stream, a frame
    ///   size over the limits, an edit list this build does not play; ``RecipeError`` for a trim
    ///   or key photo outside the movie.
    public init(
        movie: QuickTimeMovie, recipe: EditRecipe, maxDimension: Int? = nil,
        outputColourSpace: OutputColourSpace? = nil
    ) throws {
        path = movie.path
        let plan = try TimelinePlan(movie: movie, recipe: recipe)
        self.plan = plan
        var colourRecipe = recipe
        if let outputColourSpace { colourRecipe.outputColorSpace = outputColourSpace }
        let pipeline = try ColourPipeline(recipe: colourRecipe)
        let colour: ColourPipeline.MovieColour
        (reader, geometry, colour) = try MediaError.naming(movie.path) {
            guard let video = movie.videoTrack, let description = video.sampleDescriptions.first else {
                throw MediaError(.unsupported, "movie has no video track")
            }
            let entry = try VisualSampleEntry(description)
            let reader = try VideoFileReader(path: movie.path)
            try ImageLimits.default.check(width: reader.stream.width, height: reader.stream.height)
            var bounded = recipe
            if let maxDimension {
                bounded.maxDimension = min(recipe.maxDimension ?? maxDimension, maxDimension)
            }
            let geometry = EditGeometry(
                recipe: bounded, width: reader.stream.width, height: reader.stream.height,
                orientation: video.matrix.orientation ?? .up, region: entry.cleanAperture,
                alignment: 2)
            let colour: ColourPipeline.MovieColour
            do {
                colour = try pipeline.movieColour(stream: reader.stream.colourInfo, entry: entry)
            } catch let error as MediaError where error.kind == .unsupported && outputColourSpace != nil {
                // HDR: left in its own space unless the recipe itself changes colour.
                colour = try ColourPipeline(recipe: recipe).movieColour(stream: reader.stream.colourInfo, entry: entry)
            }
            return (reader, geometry, colour)
        }
        let kept = plan.trim.map { Array(plan.frames[$0.frames]) } ?? plan.frames
        guard let first = kept.first, let last = kept.last else {
            throw MediaError(.corrupt, file: movie.path, "the movie presents no video frame")
        }
        mediaScale = Double(plan.mediaTimescale)
        origin = first.presentationTime
        duration = Double(last.endTime - origin) / mediaScale
        presentationStart = Double(origin) / mediaScale
        colourInfo = colour.colourInfo
        colourBoxes = colour.colourBoxes
        frameCount = kept.count
        shown = Dictionary(kept.map { ($0.mediaTime, $0) }, uniquingKeysWith: { a, _ in a })
        toMediaUnits = Double(reader.stream.timeBaseNumerator) * mediaScale / Double(max(reader.stream.timeBaseDenominator, 1))
        // The plan's still time counts from the trim's start (or the movie's), ours from the first frame.
        let planOrigin = plan.trim?.start ?? 0
        stillTime = min(max(plan.stillTimeSeconds - Double(origin - planOrigin) / mediaScale, 0), duration)
        processor = FrameProcessor(geometry: geometry, colour: colour.stage)
        width = geometry.displayWidth
        height = geometry.displayHeight
    }

    public func next() throws -> EffectFrame? {
        try MediaError.naming(path) {
            while let frame = try reader.nextFrame() {
                guard let pts = frame.pts else { throw MediaError(.corrupt, "a video frame has no timestamp") }
                guard let placed = shown[Int64((Double(pts) * toMediaUnits).rounded())] else { continue }
                return EffectFrame(
                    image: try picture(of: frame), time: Double(placed.presentationTime - origin) / mediaScale,
                    duration: Double(placed.endTime - placed.presentationTime) / mediaScale)
            }
            return nil
        }
    }

    /// The frame edited and upright.
    private func picture(of frame: DecodedVideoFrame) throws -> RGBImage {
        let scaled = try converter.rgbImage(
            from: frame, crop: processor.sourceRect,
            width: geometry.scaledWidth, height: geometry.scaledHeight)
        return processor.process(scaled).transformed(by: geometry.outputOrientation)
    }
}
