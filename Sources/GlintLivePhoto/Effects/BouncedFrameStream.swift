import GlintMedia

/// The Bounce effect: the movie forwards, then backwards, ready to repeat.
///
/// Of N frames `f0 ... fN-1` the output is `f0 f1 ... fN-1 fN-2 ... f1`: 2N - 2 frames. Neither
/// turning frame is doubled: `fN-1` is shown once at the far turn and `f0` once at the near turn,
/// the output's first frame, which follows `f1` when the output repeats (GIF and WebP loop
/// forever). Every frame keeps its own duration backwards as forwards.
///
/// Memory stays bounded: forward frames are passed on as they come and spooled to a nameless
/// temporary file (``RawFrameSpool``), then read back in reverse; the spool's space is returned
/// when the stream is released, on success or failure alike.
public final class BouncedFrameStream: EffectFrameStream {
    public var width: Int { source.width }
    public var height: Int { source.height }

    private let source: EffectFrameStream
    private var spool: RawFrameSpool?
    private var durations: [Double] = []
    private var clock = 0.0
    /// While reading back: the index of the next spooled frame to return.
    private var backward: Int?

    /// Bounces `source`.
    public init(source: EffectFrameStream) {
        self.source = source
    }

    public func next() throws -> EffectFrame? {
        if backward == nil {
            if let frame = try source.next() {
                if spool == nil { spool = try RawFrameSpool(width: frame.image.width, height: frame.image.height) }
                try spool?.append(frame.image)
                durations.append(frame.duration)
                clock = frame.time + frame.duration
                return frame
            }
            guard durations.count >= 2 else {
                throw MediaError(.invalidArgument, "the movie has \(durations.count) frame\(durations.count == 1 ? "" : "s"): a bounce needs at least 2")
            }
            backward = durations.count - 2
        }
        guard let index = backward, index >= 1, let spool else {
            self.spool = nil
            return nil
        }
        backward = index - 1
        let frame = EffectFrame(image: try spool.frame(at: index), time: clock, duration: durations[index])
        clock += durations[index]
        return frame
    }
}
