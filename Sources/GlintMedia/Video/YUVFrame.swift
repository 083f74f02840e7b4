import CFFmpeg

/// An 8-bit YUV 4:2:0 picture built by ``FrameConverter`` as input for ``VideoEncoder``.
///
/// Owns its FFmpeg frame and frees it in `deinit`. Not `Sendable`: the encoder reads and
/// stamps it.
public final class YUVFrame {
    /// The owned frame.
    let box: AVFrameBox
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Full or limited range of the samples.
    public let range: VideoColorRange
    /// The matrix the RGB values were converted with.
    public let matrix: VideoColorMatrix

    init(box: AVFrameBox, range: VideoColorRange, matrix: VideoColorMatrix) {
        self.box = box
        self.width = Int(box.frame.pointee.width)
        self.height = Int(box.frame.pointee.height)
        self.range = range
        self.matrix = matrix
    }
}
