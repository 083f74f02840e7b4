import GlintMedia

/// The frames of a Live Photo movie as presented, with a recipe applied: decoded one at a time,
/// edited by the same ``FrameProcessor`` and ``EditGeometry`` as ``MovieEditor`` (so an effect of
/// an edited Live Photo shows the edit), turned upright, and placed on the presentation timeline
/// (the edit list and the recipe's trim applied; frames that are never shown are skipped).
///
/// Memory: the frame being returned and the next decoded one (its timestamp tells where the
/// current one ends).
///
/// Not thread-safe and not `Sendable`.
public final class MovieFrameSource: EffectFrameStream {
    /// Upright width of the frames.
    public let width: Int
    /// Upright height of the frames.
    public let height: Int
    /// The geometry applied to every frame (in the movie's stored orientation).
    public let geometry: EditGeometry
    /// Seconds from the first frame shown to the end of the last (after the edit list and trim).
    public var duration: Double { timeline.duration }
    /// The number of video samples in the movie: an upper bound on the frames returned.
    public let sampleCount: Int
    /// The movie's path.
    public let path: String

    let timeline: PresentationTimeline
    private let reader: VideoFileReader
    private let processor: FrameProcessor
    private let converter = FrameConverter()
    private let timeBase: Double
    private let mediaEnd: Double
    private var upcoming: DecodedVideoFrame?
    private var started = false
    private var lastLength = 0.0

    /// Opens `movie`'s video and resolves the recipe's geometry for it.
    /// - Parameters:
    ///   - movie: The movie, as parsed.
    ///   - recipe: The edit (validated by the caller).
    ///   - maxDimension: A further bound on the longest side, on top of the recipe's own.
    /// - Throws: ``MediaError`` naming the movie: no video track, an undecodable stream, a frame
    ///   size over the limits, an edit list this build does not play, or a trim that leaves nothing.
    public init(movie: QuickTimeMovie, recipe: EditRecipe, maxDimension: Int? = nil) throws {
        path = movie.path
        (reader, geometry, timeline, timeBase, mediaEnd, sampleCount) = try MediaError.naming(movie.path) {
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
            let geometry = EditGeometry(recipe: bounded, width: reader.stream.width, height: reader.stream.height,
                                        orientation: video.matrix.orientation ?? .up, region: entry.cleanAperture,
                                        alignment: 2)
            let timeline = try PresentationTimeline(track: video, movieTimescale: movie.header.timescale, trim: recipe.trim)
            let timeBase = Double(reader.stream.timeBaseNumerator) / Double(max(reader.stream.timeBaseDenominator, 1))
            return (reader, geometry, timeline, timeBase, Double(video.mediaDuration) / Double(video.mediaTimescale),
                    video.sampleTable.sampleCount)
        }
        processor = FrameProcessor(recipe: recipe, geometry: geometry)
        width = geometry.displayWidth
        height = geometry.displayHeight
    }

    public func next() throws -> EffectFrame? {
        try MediaError.naming(path) {
            if !started {
                upcoming = try reader.nextFrame()
                started = true
            }
            while let frame = upcoming {
                upcoming = try reader.nextFrame()
                let start = try seconds(frame)
                var end = try upcoming.map(seconds) ?? mediaEnd
                if end <= start { end = start + (lastLength > 0 ? lastLength : 1.0 / 30) }
                lastLength = end - start
                guard let placed = timeline.place(mediaStart: start, mediaEnd: end) else { continue }
                return EffectFrame(image: try picture(of: frame), time: placed.time, duration: placed.duration)
            }
            return nil
        }
    }

    /// The frame's media time in seconds.
    private func seconds(_ frame: DecodedVideoFrame) throws -> Double {
        guard let pts = frame.pts else { throw MediaError(.corrupt, "a video frame has no timestamp") }
        return Double(pts) * timeBase
    }

    /// The frame edited and upright.
    private func picture(of frame: DecodedVideoFrame) throws -> RGBImage {
        let scaled = try converter.rgbImage(from: frame, crop: processor.sourceRect,
                                            width: geometry.scaledWidth, height: geometry.scaledHeight)
        return processor.process(scaled).transformed(by: geometry.outputOrientation)
    }
}
