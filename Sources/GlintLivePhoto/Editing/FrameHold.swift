/// Where a movie's frames wait for work running alongside the movie: after the first
/// ``frames`` frames have gone into the pipeline, decoding pauses until the other work is done.
///
/// ``LivePhotoEditor`` edits the still while the movie's decoder and encoder start and the first
/// frames flow, then holds the frames until the still is written: the still's full-size pixels
/// and the encoder's look-ahead frames, each the largest memory of its half, are never held at
/// once, so the pair's peak memory is about the larger half's, not their sum.
public struct FrameHold: Sendable {
    /// Frames that go into the pipeline before the hold.
    let frames: Int
    /// Opened when the other work is done.
    let latch: Latch

    init(frames: Int, latch: Latch) {
        precondition(frames >= 0, "a hold comes after zero or more frames")
        self.frames = frames
        self.latch = latch
    }
}
