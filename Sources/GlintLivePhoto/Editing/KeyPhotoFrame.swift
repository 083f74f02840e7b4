import GlintMedia

/// The movie frame a recipe's ``EditRecipe/keyPhoto`` makes the new still: decoded once, then
/// edited like the still (colour and geometry) and enlarged honestly to the still's output size
/// with a good filter (Lanczos, or bicubic when straightening), in the still's stored orientation
/// so that its EXIF orientation still holds.
public struct KeyPhotoFrame: Sendable {
    /// What a key photo was made from, for the edit's report.
    public struct Report: Sendable, Codable, Equatable {
        /// The time asked for (seconds, source timeline).
        public var requestedTime: Double
        /// The chosen frame's exact presentation time (seconds, source timeline).
        public var frameTime: Double
        /// The frame's displayed size (clean aperture, display orientation).
        public var frameWidth: Int
        public var frameHeight: Int
        /// The still's displayed output size the frame was brought to.
        public var width: Int
        public var height: Int
        /// Output pixels per frame pixel along each side (above 1: the frame was enlarged).
        public var scale: Double
        /// Whether the frame was enlarged to reach the still's size.
        public var upscaled: Bool
        /// The resampling filter.
        public var filter: String
    }

    /// The decoded frame.
    public let frame: DecodedVideoFrame
    /// Its presentation time on the source timeline, in seconds.
    public let time: Double
    /// The time the recipe asked for.
    public let requestedTime: Double
    /// How the movie displays its frames (matrix).
    public let orientation: Orientation
    /// The movie's clean aperture, when it has one.
    public let region: Rect?
    /// The movie's colour tags (the stream's, completed from the `colr` box).
    public var colourInfo = VideoColourInfo()

    /// Decodes the frame `plan` chose, streaming the movie up to it.
    /// - Returns: `nil` when the recipe picks no key photo.
    public static func extract(from movie: QuickTimeMovie, plan: TimelinePlan, recipe: EditRecipe) throws -> KeyPhotoFrame? {
        guard let chosen = plan.keyPhotoFrame, let requested = recipe.keyPhoto else { return nil }
        return try MediaError.naming(movie.path) {
            guard let video = movie.videoTrack, let description = video.sampleDescriptions.first else {
                throw MediaError(.unsupported, "movie has no video track")
            }
            let entry = try VisualSampleEntry(description)
            let reader = try VideoFileReader(path: movie.path)
            while let frame = try reader.nextFrame() {
                guard frame.pts == chosen.mediaTime else { continue }
                return KeyPhotoFrame(
                    frame: frame, time: Double(chosen.presentationTime) / Double(plan.mediaTimescale),
                    requestedTime: requested, orientation: video.matrix.orientation ?? .up,
                    region: entry.cleanAperture,
                    colourInfo: reader.stream.colourInfo.fillingUnspecified(from: entry))
            }
            throw MediaError(.corrupt, "the frame at media time \(chosen.mediaTime) (the key photo) could not be decoded")
        }
    }

    /// The colour stage that edits this frame's colours and brings them into `output`, the
    /// still's output space; `nil` when nothing changes. A movie whose colour tags Glint cannot
    /// read (HDR) is taken as it is when the recipe changes no colour.
    public func colourStage(_ pipeline: ColourPipeline, output: ColourSpace) throws -> ColourStage? {
        let source: ColourSpace
        do {
            source = try ColourSpace(video: colourInfo)
        } catch  where pipeline.isIdentity {
            return nil
        }
        return try pipeline.stage(for: source, output: output)
    }

    /// The frame edited by `recipe` at the still's output geometry: stored in the still's
    /// orientation, `stillGeometry.outputWidth` x `stillGeometry.outputHeight`.
    /// - Parameter colour: The frame's colour stage (``colourStage(_:output:)``).
    public func render(recipe: EditRecipe, stillGeometry: EditGeometry, colour: ColourStage?) throws -> (image: RGBImage, report: Report) {
        let geometry = EditGeometry(
            recipe: recipe, width: frame.width, height: frame.height, orientation: orientation,
            region: region, alignment: 2, displayAspect: stillGeometry.displayAspect,
            displaySize: (stillGeometry.displayWidth, stillGeometry.displayHeight))
        let processor = FrameProcessor(geometry: geometry, colour: colour)
        let scaled = try FrameConverter().rgbImage(
            from: frame, crop: processor.sourceRect,
            width: geometry.scaledWidth, height: geometry.scaledHeight)
        let image = processor.process(scaled).transformed(by: orientation.followed(by: stillGeometry.outputOrientation.inverse))
        let area = region ?? Rect(x: 0, y: 0, width: Double(frame.width), height: Double(frame.height))
        let (frameWidth, frameHeight) =
            orientation.swapsDimensions
            ? (Int(area.height.rounded()), Int(area.width.rounded())) : (Int(area.width.rounded()), Int(area.height.rounded()))
        let report = Report(
            requestedTime: requestedTime, frameTime: time, frameWidth: frameWidth, frameHeight: frameHeight,
            width: stillGeometry.displayWidth, height: stillGeometry.displayHeight,
            scale: (geometry.enlargement * 1000).rounded() / 1000, upscaled: geometry.enlargement > 1.001,
            filter: geometry.warp == nil ? (geometry.enlargement > 1 ? "lanczos" : "area") : "bicubic")
        return (image, report)
    }
}
