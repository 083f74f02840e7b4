import GlintMedia

/// One picture of an effect's output, upright (display orientation), with its place in time.
public struct EffectFrame: Sendable {
    /// The pixels, upright.
    public var image: RGBImage
    /// When it is first shown, in seconds from the start of the output.
    public var time: Double
    /// How long it stays on screen, in seconds.
    public var duration: Double

    /// Times closer than this are the same time (well under a tick of any movie timescale).
    public static let timeTolerance = 1e-6

    public init(image: RGBImage, time: Double, duration: Double) {
        self.image = image
        self.time = time
        self.duration = duration
    }
}

/// A source of timed frames, pulled one at a time: a movie's edited frames, or an effect
/// applied to another stream. Streams keep only what they must in memory.
///
/// Not `Sendable`: a stream is used from one task.
public protocol EffectFrameStream: AnyObject {
    /// Width of every frame, in pixels.
    var width: Int { get }
    /// Height of every frame, in pixels.
    var height: Int { get }
    /// The next frame, or `nil` after the last one.
    func next() throws -> EffectFrame?
}
