import Foundation

extension MovieEditor {
    /// Threads the movie's decoder gets: one per four cores, at least one (so one on the
    /// two-core machine the benchmark runs on).
    ///
    /// The ``FramePipeline`` already gives decoding a thread of its own, beside the edit stage and
    /// the encoder, and the encoder (x264 at preset medium: threads = 1.5 x cores) is by far the
    /// slowest stage, so the decoder keeps up with a small share of the cores. FFmpeg's own
    /// choice (cores + 1 frame threads) would hold a decoder context and a frame in flight per
    /// thread: 15-20 MB more at the peak on a 1920x1440 HEVC movie, for no gain in time while
    /// the encoder is what the frames wait for.
    static var decodingThreads: Int {
        max(1, ProcessInfo.processInfo.activeProcessorCount / 4)
    }
}
