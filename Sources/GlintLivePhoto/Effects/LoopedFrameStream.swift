import GlintMedia

/// The Loop effect: the movie made into a seamless loop by cross-fading its end into its
/// beginning, so that playing the output over and over shows no jump.
///
/// With a cross-fade of `F` seconds over a movie of `T` seconds:
/// - the frames of the first `F` seconds are held back (the only frames kept in memory);
/// - the output is the movie from `F` to `T`, re-timed to start at 0 (so it lasts `T - F`);
/// - over its last `F` seconds each frame is blended, in linear light, with the held frame shown
///   at the same distance into the fade; the weight of the held frame rises linearly to 1 at the
///   end, so the last output frame is the frame just before `F`, and the output restarts with
///   the frame at `F`, which follows it in the movie.
///
/// The seam is thus one ordinary step of the movie. `F` (the loop start point) is the frame
/// time, between half the requested cross-fade and the first frame at or after it, where that
/// step is smallest, so a sudden change in the movie (a pan, a flash) is not put at the seam.
///
/// Frame times and durations are kept (variable frame rates stay variable).
public final class LoopedFrameStream: EffectFrameStream {
    public var width: Int { source.width }
    public var height: Int { source.height }
    /// The cross-fade's length in seconds (the loop start point), known after the first frame
    /// is read.
    public private(set) var crossFade: Double?
    /// The output's length in seconds (`T - F`), known after the first frame.
    public var duration: Double? { crossFade.map { total - $0 } }

    private let source: EffectFrameStream
    private let total: Double
    private let requested: Double
    /// The frames before the loop start point, blended into the end.
    private var held: [EffectFrame] = []
    /// Frames read while looking for the start point, to be played first.
    private var replay: [EffectFrame] = []
    private var prepared = false

    /// The largest share of the movie a cross-fade may take (the rest must be longer than it).
    public static let maximumShare = 0.4

    /// Loops `source`, whose frames span `duration` seconds, with a cross-fade of about
    /// `crossFade` seconds (at most 40% of the movie).
    public init(source: EffectFrameStream, duration: Double, crossFade: Double) {
        self.source = source
        total = duration
        requested = min(crossFade, duration * Self.maximumShare)
    }

    public func next() throws -> EffectFrame? {
        if !prepared { try prepare() }
        guard let fade = crossFade else { return nil }
        let frame: EffectFrame
        if !replay.isEmpty {
            frame = replay.removeFirst()
        } else if let next = try source.next() {
            frame = next
        } else {
            return nil
        }
        let tailStart = total - fade
        let end = frame.time + frame.duration
        var image = frame.image
        if end > tailStart + EffectFrame.timeTolerance {
            let weight = min(max((end - tailStart) / fade, 0), 1)
            // The held frame on screen at the middle of this frame's stretch of the fade.
            let middle = (max(frame.time, tailStart) + end) / 2 - tailStart
            let partner = held.last { $0.time <= middle + EffectFrame.timeTolerance } ?? held[0]
            image = LinearLight.blend(frame.image, partner.image, weight: weight)
        }
        return EffectFrame(image: image, time: frame.time - fade, duration: frame.duration)
    }

    /// Holds the frames of the fade and picks the loop start point.
    private func prepare() throws {
        prepared = true
        var frames: [EffectFrame] = []
        while let frame = try source.next() {
            frames.append(frame)
            if frame.time + EffectFrame.timeTolerance >= requested && frames.count > 1 { break }
        }
        guard frames.count > 1, let last = frames.last, last.time + EffectFrame.timeTolerance >= requested else {
            throw MediaError(
                .invalidArgument, "the movie has too few frames (\(frames.count)) to loop: a loop needs a few frames to cross-fade and more to play")
        }
        // Candidate start points: frames from half the requested fade on; the seam is the step
        // from the frame before, measured as the eye would.
        var start = frames.count - 1
        var smallest = Double.infinity
        for k in 1..<frames.count where frames[k].time + EffectFrame.timeTolerance >= requested / 2 {
            let step = Self.difference(frames[k - 1].image, frames[k].image)
            if step < smallest - 1e-9 {
                smallest = step
                start = k
            }
        }
        let fade = frames[start].time
        guard total - fade >= fade + EffectFrame.timeTolerance else {
            throw MediaError(.invalidArgument, String(format: "the movie is too short (%.2f s) for a %.2f s cross-fade", total, fade))
        }
        held = Array(frames[..<start])
        replay = Array(frames[start...])
        crossFade = fade
    }

    /// How different two pictures look: their mean CIEDE2000 difference on a sparse grid of
    /// about 10,000 pixels.
    static func difference(_ a: RGBImage, _ b: RGBImage) -> Double {
        let step = max(1, Int((Double(a.width * a.height) / 10_000).squareRoot().rounded()))
        return ColourDifference.meanCIEDE2000(a, b, step: step)
    }
}
