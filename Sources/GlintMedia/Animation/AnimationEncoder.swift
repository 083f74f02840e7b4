/// Something that turns a sequence of timed RGB frames into an animated file (GIF, WebP, ...).
///
/// Frames are appended in display order, each with how long it stays on screen; ``finish()``
/// writes the file atomically. An encoder that is released without ``finish()`` leaves nothing
/// behind.
public protocol AnimationEncoder: AnyObject {
    /// Canvas width in pixels; every frame has this size.
    var width: Int { get }
    /// Canvas height in pixels.
    var height: Int { get }
    /// Appends a frame.
    /// - Parameters:
    ///   - image: The frame, `width` x `height`.
    ///   - duration: Seconds it stays on screen (positive).
    func append(_ image: RGBImage, duration: Double) throws
    /// Writes the file; nothing may be appended afterwards.
    /// - Returns: What was written.
    @discardableResult
    func finish() throws -> AnimationSummary
}

/// What an ``AnimationEncoder`` wrote.
public struct AnimationSummary: Sendable, Equatable, Codable {
    /// Frames in the file.
    public var frameCount: Int
    /// Each frame's display time as stored in the file, in seconds (GIF rounds to 1/100 s,
    /// WebP to 1/1000 s).
    public var frameDurations: [Double]
    /// Bytes written.
    public var byteCount: Int

    /// Total display time of one pass through the animation, in seconds.
    public var duration: Double { frameDurations.reduce(0, +) }

    public init(frameCount: Int, frameDurations: [Double], byteCount: Int) {
        self.frameCount = frameCount
        self.frameDurations = frameDurations
        self.byteCount = byteCount
    }
}

/// Turns frame durations in seconds into whole ticks (centiseconds for GIF, milliseconds for
/// WebP) without letting rounding errors pile up: each frame ends at the tick nearest its real
/// end time, so the animation's total length stays within half a tick of the real one.
public struct FrameTicks: Sendable {
    /// Ticks per second.
    public let rate: Double
    /// The fewest ticks a frame may have (GIF viewers show anything under 2 centiseconds as
    /// 10; the lost time is taken back from the following frames).
    public let minimum: Int
    private var elapsed: Double = 0
    private var written = 0

    /// Creates a tick counter.
    public init(rate: Double, minimum: Int = 1) {
        self.rate = rate
        self.minimum = minimum
    }

    /// The ticks of the next frame, lasting `duration` seconds.
    public mutating func next(duration: Double) -> Int {
        elapsed += max(0, duration)
        let ticks = max(minimum, Int((elapsed * rate).rounded()) - written)
        written += ticks
        return ticks
    }
}
