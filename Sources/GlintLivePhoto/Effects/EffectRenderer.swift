import Foundation
import GlintCore
import GlintMedia
import Logging

/// Renders a Live Photo effect (Live, Loop, Bounce, Long Exposure) to a file: MP4, animated GIF
/// or animated WebP for the moving effects, JPEG for Long Exposure.
///
/// The recipe is applied to every frame first, through the same ``FrameProcessor`` as an edit,
/// so the effect of an edited Live Photo shows the edit. Frames are streamed: memory holds a
/// frame or two, plus the cross-fade frames of a loop; a bounce and a GIF spool frames to a
/// nameless temporary file that disappears whatever happens. The output is written atomically:
/// on any failure nothing is left at `destination`.
///
/// ```swift
/// let result = try EffectRenderer.render(still: "IMG.jpg", movie: "IMG.mov", recipe: EditRecipe(),
///                                        effect: .bounce, format: .gif, destination: "out/IMG.gif")
/// ```
public enum EffectRenderer {
    /// Renders `effect` of the pair (`still`, `movie`) into `destination`.
    /// - Parameters:
    ///   - still: The pair's still (JPEG or HEIC), or `nil`. When given, its content identifier must
    ///     match the movie's, and a Long Exposure keeps its metadata (capture date, camera, GPS).
    ///   - movie: The pair's movie (QuickTime .mov).
    ///   - recipe: The edit applied to every frame before the effect.
    ///   - effect: The effect.
    ///   - format: The output format; must be one of `effect.formats`.
    ///   - destination: The output file; its folder is created if missing.
    ///   - options: Sizes, quality, cross-fade, alignment.
    ///   - progress: Called with the fraction done (0...1) and what is being done.
    /// - Throws: ``MediaError`` or ``RecipeError`` naming the file and the problem.
    public static func render(
        still: String?, movie: String, recipe: EditRecipe, effect: Effect, format: EffectFormat,
        destination: String, options: EffectOptions = EffectOptions(),
        progress: (Double, String) -> Void = { _, _ in }
    ) throws -> EffectResult {
        try recipe.validate()
        try options.validate()
        guard effect.formats.contains(format) else {
            throw MediaError(
                .invalidArgument, "\(effect.rawValue) cannot be written as \(format.rawValue): use \(effect.formats.map(\.rawValue).joined(separator: " or "))")
        }
        let output = try EffectDestination.resolve(destination, format: format, inputs: [still, movie].compactMap { $0 })
        let parsedMovie = try QuickTimeMovie(path: movie)
        let parsedStill = try still.map { try StillImageReader.read(path: $0) }
        if let parsedStill { _ = try LivePhotoEditor.resolveIdentifier(still: parsedStill, movie: parsedMovie) }
        let maxDimension = options.maxDimension ?? EffectOptions.defaultMaxDimension(for: format)
        // GIF, WebP and the Long Exposure JPEG carry no colour profile: viewers show them as sRGB.
        let colourSpace: OutputColourSpace? = format.carriesColour ? nil : .srgb
        let open = { try MovieFrameSource(movie: parsedMovie, recipe: recipe, maxDimension: maxDimension, outputColourSpace: colourSpace) }
        var logger = options.logger
        logger[metadataKey: "effect"] = "\(effect.rawValue)"
        let started = options.clock.now()

        let result: EffectResult
        switch effect {
        case .live, .loop, .bounce:
            result = try renderAnimation(
                effect: effect, format: format, source: try open(), movie: parsedMovie,
                destination: output, options: options, progress: progress)
        case .longExposure:
            result = try renderLongExposure(
                open: open, movie: parsedMovie, still: parsedStill, recipe: recipe,
                destination: output, options: options, progress: progress)
        }
        progress(1, "done")
        logger.info(
            "effect rendered",
            metadata: [
                "path": "\(result.path)", "format": "\(format.rawValue)", "frames": "\(result.frameCount)",
                "size": "\(result.width)x\(result.height)", "elapsed": "\(options.clock.elapsed(since: started))",
            ])
        return result
    }

    /// Live, Loop or Bounce, as an animation or a movie.
    static func renderAnimation(
        effect: Effect, format: EffectFormat, source: MovieFrameSource, movie: QuickTimeMovie,
        destination: String, options: EffectOptions,
        progress: (Double, String) -> Void
    ) throws -> EffectResult {
        let (stream, expected) = try frameStream(effect: effect, source: source, options: options)
        let encoder = try animationEncoder(format: format, effect: effect, source: source, destination: destination, options: options)
        var done = 0
        while let frame = try stream.next() {
            try encoder.append(frame.image, duration: frame.duration)
            done += 1
            progress(0.9 * Double(done) / Double(max(expected, done)), "frame \(done) of \(max(expected, done))")
        }
        var notes: [String] = []
        var audio = "none"
        if let movieEncoder = encoder as? EffectMP4Encoder, movie.audioTrack != nil {
            progress(0.9, "encoding the sound")
            (movieEncoder.audio, audio) = try soundtrack(of: movie, effect: effect, stream: stream, source: source, notes: &notes)
        } else if movie.audioTrack != nil {
            notes.append("\(format.rawValue.uppercased()) carries no sound: the movie's audio is left out")
        }
        progress(0.9, "writing the \(format.rawValue.uppercased())")
        let summary = try encoder.finish()
        if effect == .bounce {
            notes.append("bounce plays frames forwards then backwards without repeating either turning frame (2N-2 frames)")
        }
        return EffectResult(
            path: destination, effect: effect, format: format, width: source.width, height: source.height,
            frameCount: summary.frameCount, duration: summary.duration, frameDurations: summary.frameDurations,
            loops: format.loops, audio: audio, byteCount: summary.byteCount, longExposure: nil, notes: notes)
    }

    /// The frames of a moving effect, and how many there will be.
    static func frameStream(
        effect: Effect, source: MovieFrameSource,
        options: EffectOptions
    ) throws -> (stream: EffectFrameStream, expected: Int) {
        switch effect {
        case .live:
            return (source, source.frameCount)
        case .loop:
            return (LoopedFrameStream(source: source, duration: source.duration, crossFade: options.crossFadeDuration), source.frameCount)
        case .bounce:
            return (BouncedFrameStream(source: source), max(1, 2 * source.frameCount - 2))
        case .longExposure:
            throw MediaError(.invalidArgument, "\(effect.rawValue) is a still, not an animation")
        }
    }

    /// The encoder of a moving effect's file.
    static func animationEncoder(
        format: EffectFormat, effect: Effect, source: MovieFrameSource, destination: String,
        options: EffectOptions
    ) throws -> AnimationEncoder {
        switch format {
        case .gif:
            return try AnimatedGIFEncoder(destination: destination, width: source.width, height: source.height, options: options.gif)
        case .webp:
            return try AnimatedWebPEncoder(destination: destination, width: source.width, height: source.height, options: options.webp)
        case .mp4:
            return try EffectMP4Encoder(
                destination: destination, width: source.width, height: source.height,
                encoding: options.encoding, colourInfo: source.colourInfo, colourBoxes: source.colourBoxes)
        case .jpeg:
            throw MediaError(.invalidArgument, "\(effect.rawValue) cannot be written as \(format.rawValue): it is not an animation")
        }
    }

    /// The sound of an MP4 effect and what happened to it: kept (Live), cross-faded like the
    /// picture (Loop), or left out (Bounce: sound played backwards is noise, so the movie is
    /// silent, as Apple's Bounce is).
    static func soundtrack(
        of movie: QuickTimeMovie, effect: Effect, stream: EffectFrameStream, source: MovieFrameSource,
        notes: inout [String]
    ) throws -> (EffectAudio?, String) {
        guard effect != .bounce else {
            notes.append("bounce is silent: the movie's sound is left out")
            return (nil, "muted")
        }
        let window = source.presentationStart...(source.presentationStart + source.duration)
        let sound: EffectAudio?
        do {
            sound = try EffectAudio.presented(in: movie, window: window)
        } catch let error as MediaError where error.kind == .unsupported {
            notes.append("the movie's sound is left out: \(error.problem)")
            return (nil, "none")
        }
        guard let sound else { return (nil, "none") }
        if effect == .loop, let fade = (stream as? LoopedFrameStream)?.crossFade {
            return (sound.looped(fade: fade), "cross-faded")
        }
        return (sound, "kept")
    }

    /// Long Exposure, as a JPEG.
    static func renderLongExposure(
        open: () throws -> MovieFrameSource, movie: QuickTimeMovie, still: (any StillImage)?,
        recipe: EditRecipe, destination: String, options: EffectOptions,
        progress: (Double, String) -> Void
    ) throws -> EffectResult {
        let probe = try open()
        let referenceTime = probe.stillTime
        let total = probe.frameCount
        progress(0, "finding the reference frame")
        let (image, report) = try MediaError.naming(movie.path) {
            try LongExposure.render(open: { try open() }, referenceTime: referenceTime, align: options.alignFrames) { done in
                progress(0.05 + 0.85 * Double(done) / Double(max(total, done)), "frame \(done) of \(max(total, done))")
            }
        }
        progress(0.9, "writing the JPEG")
        let bytes = try LongExposureStill.encode(image, still: still, quality: options.jpegQuality, stripLocation: options.stripLocation)
        try AtomicFileWriter.write(bytes, to: destination)
        var notes = ["the long exposure has the movie frames' resolution (\(image.width)x\(image.height)), cropped to the area every aligned frame covers"]
        if let still {
            notes.append(
                "the still's metadata is kept (without its Live Photo identifier, colour profile and orientation): the still itself is \(still.width)x\(still.height)"
            )
        }
        return EffectResult(
            path: destination, effect: .longExposure, format: .jpeg, width: image.width, height: image.height,
            frameCount: 1, duration: 0, frameDurations: [], loops: false, audio: "none", byteCount: bytes.count,
            longExposure: report, notes: notes)
    }
}
