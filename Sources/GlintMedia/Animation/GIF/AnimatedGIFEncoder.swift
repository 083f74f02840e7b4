/// Encodes timed RGB frames as an animated GIF: one global palette for the whole animation,
/// dithering, each frame's real display time, looping forever by default.
///
/// Two passes, bounded memory: ``append(_:duration:)`` counts the frame's colours into a
/// histogram and spools its pixels to a nameless temporary file (``RawFrameSpool``);
/// ``finish()`` builds the palette by median cut (255 colours, the last index kept for
/// transparency), then maps each frame to it and writes it with giflib. A frame stores only the
/// rectangle that changed since the previous one; pixels that kept their palette index inside it
/// are transparent, so the previous frame shows through.
///
/// Delays are whole centiseconds; rounding never accumulates (see ``FrameTicks``), and no delay
/// is under 2 centiseconds, which viewers would stretch to 10.
///
/// Not thread-safe and not `Sendable`.
public final class AnimatedGIFEncoder: AnimationEncoder {
    /// Encoder settings.
    public struct Options: Sendable, Equatable {
        /// Palette size, 2...256 (one entry is kept for transparency).
        public var maxColours: Int
        /// How in-between colours are rendered.
        public var dithering: Dithering
        /// Times the animation plays again after the first; 0 loops forever, `nil` plays once
        /// (no looping extension).
        public var loopCount: Int?

        public init(maxColours: Int = 256, dithering: Dithering = .floydSteinberg, loopCount: Int? = 0) {
            self.maxColours = maxColours
            self.dithering = dithering
            self.loopCount = loopCount
        }
    }

    public let width: Int
    public let height: Int
    /// The output path.
    public let destination: String
    private let options: Options
    private let spool: RawFrameSpool
    private var histogram = ColourHistogram()
    private var durations: [Double] = []
    private var finished = false

    /// Prepares an animation of `width` x `height` frames for `destination`.
    /// - Throws: ``MediaError`` `.invalidArgument` for a size over 65535 or bad options.
    public init(destination: String, width: Int, height: Int, options: Options = Options()) throws {
        guard (1...65535).contains(width), (1...65535).contains(height) else {
            throw MediaError(.invalidArgument, file: destination, "a GIF is at most 65535 pixels a side, got \(width)x\(height)")
        }
        guard (2...256).contains(options.maxColours) else {
            throw MediaError(.invalidArgument, "GIF palette size must be 2 to 256 colours, got \(options.maxColours)")
        }
        if let loops = options.loopCount, !(0...65535).contains(loops) {
            throw MediaError(.invalidArgument, "GIF loop count must be 0 (forever) to 65535, got \(loops)")
        }
        self.destination = destination
        self.width = width
        self.height = height
        self.options = options
        spool = try RawFrameSpool(width: width, height: height)
    }

    public func append(_ image: RGBImage, duration: Double) throws {
        precondition(!finished, "append after finish")
        guard image.width == width, image.height == height else {
            throw MediaError(.invalidArgument, file: destination, "frame is \(image.width)x\(image.height), the animation is \(width)x\(height)")
        }
        guard duration.isFinite, duration > 0 else {
            throw MediaError(.invalidArgument, file: destination, "frame \(durations.count) has no positive duration (\(duration) s)")
        }
        // Every other pixel of every other row is plenty for a palette and four times faster.
        histogram.add(image, step: 2)
        try spool.append(image)
        durations.append(duration)
    }

    @discardableResult
    public func finish() throws -> AnimationSummary {
        precondition(!finished, "finish called twice")
        finished = true
        guard !durations.isEmpty else {
            throw MediaError(.invalidArgument, file: destination, "an animation needs at least one frame")
        }
        let palette = MedianCutQuantizer.palette(from: histogram, maxColours: options.maxColours - 1)
        let transparent = palette.count
        let mapper = PaletteMapper(palette: palette)
        let writer = try GIFFileWriter(
            destination: destination, width: width, height: height,
            palette: palette + [PaletteColour(red: 0, green: 0, blue: 0)],
            loopCount: options.loopCount)
        var ticks = FrameTicks(rate: 100, minimum: 2)
        var stored: [Double] = []
        var previous: [UInt8]?
        for index in 0..<spool.count {
            let indices = mapper.indices(of: try spool.frame(at: index), dithering: options.dithering)
            let delay = ticks.next(duration: durations[index])
            stored.append(Double(delay) / 100)
            if let before = previous {
                let patch = FramePatch(current: indices, previous: before, width: width, height: height, transparentIndex: UInt8(transparent))
                try writer.addFrame(
                    indices: patch.indices, left: patch.left, top: patch.top, width: patch.width, height: patch.height,
                    delayCentiseconds: delay, transparentIndex: transparent)
            } else {
                try writer.addFrame(
                    indices: indices, left: 0, top: 0, width: width, height: height,
                    delayCentiseconds: delay, transparentIndex: nil)
            }
            previous = indices
        }
        let size = try writer.close()
        return AnimationSummary(frameCount: stored.count, frameDurations: stored, byteCount: size)
    }
}
