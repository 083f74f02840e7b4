import CWebP

/// Encodes timed RGB frames as an animated WebP with libwebp's `WebPAnimEncoder`, which picks
/// per frame the changed rectangle, blending and key frames. Timestamps are the frames' real
/// times in milliseconds; the animation loops forever by default.
///
/// libwebp keeps the compressed frames until ``finish()`` assembles the file, which is then
/// written atomically; raw frames are not kept. When a frame is identical to the one before,
/// libwebp lengthens the earlier frame instead of storing it, so the file can have fewer frames
/// than were appended (never a different total duration); the summary reports what was stored.
///
/// Not thread-safe and not `Sendable`.
public final class AnimatedWebPEncoder: AnimationEncoder {
    /// Encoder settings.
    public struct Options: Sendable, Equatable {
        /// Lossy quality, 0...100 (ignored when ``lossless``).
        public var quality: Double
        /// Whether frames are stored losslessly.
        public var lossless: Bool
        /// Effort, 0 (fastest) ... 6 (smallest).
        public var method: Int
        /// Times the animation plays; 0 loops forever.
        public var loopCount: Int

        public init(quality: Double = 80, lossless: Bool = false, method: Int = 4, loopCount: Int = 0) {
            self.quality = quality
            self.lossless = lossless
            self.method = method
            self.loopCount = loopCount
        }
    }

    public let width: Int
    public let height: Int
    /// The output path.
    public let destination: String
    private var encoder: OpaquePointer?
    private var config = WebPConfig()
    private var ticks = FrameTicks(rate: 1000, minimum: 1)
    private var timestamp = 0
    private var durations: [Double] = []

    /// Prepares an animation of `width` x `height` frames for `destination`.
    /// - Throws: ``MediaError`` `.invalidArgument` for a size over 16383 or bad options.
    public init(destination: String, width: Int, height: Int, options: Options = Options()) throws {
        guard (1...16383).contains(width), (1...16383).contains(height) else {
            throw MediaError(.invalidArgument, file: destination, "a WebP is at most 16383 pixels a side, got \(width)x\(height)")
        }
        guard options.quality.isFinite, (0...100).contains(options.quality) else {
            throw MediaError(.invalidArgument, "WebP quality must be between 0 and 100, got \(options.quality)")
        }
        guard (0...6).contains(options.method) else {
            throw MediaError(.invalidArgument, "WebP method must be between 0 and 6, got \(options.method)")
        }
        guard (0...65535).contains(options.loopCount) else {
            throw MediaError(.invalidArgument, "WebP loop count must be 0 (forever) to 65535, got \(options.loopCount)")
        }
        self.destination = destination
        self.width = width
        self.height = height
        guard cwebp_config_init(&config, Float(options.quality)) != 0 else {
            throw MediaError(.encodingFailed, "libwebp refused its own default settings (library version mismatch)")
        }
        config.lossless = options.lossless ? 1 : 0
        config.method = Int32(options.method)
        var animation = WebPAnimEncoderOptions()
        guard cwebp_anim_options_init(&animation) != 0 else {
            throw MediaError(.encodingFailed, "libwebp refused its animation settings (library version mismatch)")
        }
        animation.anim_params.loop_count = Int32(options.loopCount)
        animation.allow_mixed = 0
        guard let created = cwebp_anim_encoder_new(Int32(width), Int32(height), &animation) else {
            throw MediaError(.encodingFailed, file: destination, "libwebp could not start an animation of \(width)x\(height)")
        }
        encoder = created
    }

    deinit {
        if let encoder { WebPAnimEncoderDelete(encoder) }
    }

    public func append(_ image: RGBImage, duration: Double) throws {
        guard let encoder else { preconditionFailure("append after finish") }
        guard image.width == width, image.height == height else {
            throw MediaError(.invalidArgument, file: destination, "frame is \(image.width)x\(image.height), the animation is \(width)x\(height)")
        }
        guard duration.isFinite, duration > 0 else {
            throw MediaError(.invalidArgument, file: destination, "frame \(durations.count) has no positive duration (\(duration) s)")
        }
        var picture = WebPPicture()
        guard cwebp_picture_init(&picture) != 0 else {
            throw MediaError(.encodingFailed, "libwebp refused a picture (library version mismatch)")
        }
        picture.width = Int32(width)
        picture.height = Int32(height)
        picture.use_argb = 1
        defer { WebPPictureFree(&picture) }
        let imported = image.pixels.withUnsafeBufferPointer {
            WebPPictureImportRGB(&picture, $0.baseAddress, Int32(image.bytesPerRow))
        }
        guard imported != 0 else {
            throw MediaError(.encodingFailed, file: destination, "libwebp could not take frame \(durations.count) (out of memory)")
        }
        guard WebPAnimEncoderAdd(encoder, &picture, Int32(timestamp), &config) != 0 else {
            throw MediaError(.encodingFailed, file: destination, "libwebp could not encode frame \(durations.count): \(errorMessage())")
        }
        let length = ticks.next(duration: duration)
        timestamp += length
        durations.append(Double(length) / 1000)
    }

    @discardableResult
    public func finish() throws -> AnimationSummary {
        guard let encoder else { preconditionFailure("finish called twice") }
        defer {
            WebPAnimEncoderDelete(encoder)
            self.encoder = nil
        }
        guard !durations.isEmpty else {
            throw MediaError(.invalidArgument, file: destination, "an animation needs at least one frame")
        }
        guard WebPAnimEncoderAdd(encoder, nil, Int32(timestamp), nil) != 0 else {
            throw MediaError(.encodingFailed, file: destination, "libwebp could not end the animation: \(errorMessage())")
        }
        var data = WebPData()
        cwebp_data_init(&data)
        defer { cwebp_data_clear(&data) }
        guard WebPAnimEncoderAssemble(encoder, &data) != 0, let bytes = data.bytes else {
            throw MediaError(.encodingFailed, file: destination, "libwebp could not assemble the animation: \(errorMessage())")
        }
        let buffer = UnsafeBufferPointer(start: bytes, count: data.size)
        var stored = try MediaError.naming(destination) { try WebPAnimationChunks.frameDurations(buffer) }
        // libwebp writes a single (or all-identical) frame as a plain still, without ANMF chunks.
        if stored.isEmpty { stored = [timestamp] }
        let writer = try AtomicFileWriter(destination: destination)
        try writer.write(buffer)
        try writer.commit()
        return AnimationSummary(frameCount: stored.count, frameDurations: stored.map { Double($0) / 1000 }, byteCount: data.size)
    }

    private func errorMessage() -> String {
        guard let encoder, let text = WebPAnimEncoderGetError(encoder) else { return "unknown error" }
        let message = String(cString: text)
        return message.isEmpty ? "unknown error" : message
    }
}
