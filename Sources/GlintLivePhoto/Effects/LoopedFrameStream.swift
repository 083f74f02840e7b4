import GlintMedia

/// The Loop effect: the movie made into a seamless loop by cross-fading its end into its
/// beginning, so that playing the output over and over shows no jump.
///
/// With a cross-fade of `F` seconds (snapped to the first frame at or after the requested
/// length) over a movie of `T` seconds:
/// - the frames of the first `F` seconds are held back (the only frames kept in memory);
/// - the output is the movie from `F` to `T`, re-timed to start at 0 (so it lasts `T - F`);
/// - over its last `F` seconds each frame is blended, in linear light, with the held frame shown
///   at the same distance into the fade; the weight of the held frame rises linearly to 1 at the
///   end, so the last output frame is the frame just before `F`, and the output restarts with
///   the frame at `F`, which follows it in the movie.
///
/// Frame times and durations are kept (variable frame rates stay variable). Audio is treated the
/// same way by ``LoopedAudio`` so sound and picture wrap together.
public final class LoopedFrameStream: EffectFrameStream {
    public var width: Int { source.width }
    public var height: Int { source.height }
    /// The cross-fade's length in seconds (the loop start point), known after the first frame.
    public private(set) var crossFade: Double?
    /// The output's length in seconds (`T - F`), known after the first frame.
    public var duration: Double? { crossFade.map { total - $0 } }

    private let source: EffectFrameStream
    private let total: Double
    private let requested: Double
    private var held: [EffectFrame] = []
    private var pending: EffectFrame?
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
        guard let fade = crossFade, let frame = try pending ?? source.next() else { return nil }
        pending = nil
        let tailStart = total - fade
        let end = frame.time + frame.duration
        var image = frame.image
        if end > tailStart + PresentationTimeline.epsilon {
            let weight = min(max((end - tailStart) / fade, 0), 1)
            // The held frame on screen at the middle of this frame's stretch of the fade.
            let middle = (max(frame.time, tailStart) + end) / 2 - tailStart
            let partner = held.last { $0.time <= middle + PresentationTimeline.epsilon } ?? held[0]
            image = LinearLight.blend(frame.image, partner.image, weight: weight)
        }
        return EffectFrame(image: image, time: frame.time - fade, duration: frame.duration)
    }

    /// Holds the frames of the fade and finds the loop start point.
    private func prepare() throws {
        prepared = true
        while let frame = try source.next() {
            if frame.time + PresentationTimeline.epsilon >= requested && !held.isEmpty {
                pending = frame
                break
            }
            held.append(frame)
        }
        guard let start = pending?.time else {
            throw MediaError(.invalidArgument, "the movie has too few frames (\(held.count)) to loop: a loop needs a few frames to cross-fade and more to play")
        }
        guard total - start >= start + PresentationTimeline.epsilon else {
            throw MediaError(.invalidArgument, String(format: "the movie is too short (%.2f s) for a %.2f s cross-fade", total, start))
        }
        crossFade = start
    }
}
