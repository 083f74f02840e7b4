import CFFmpeg

/// An 8-bit YUV 4:2:0 picture: input for ``VideoEncoder``, built by ``FrameConverter`` or
/// written by a ``YUVColourTable``.
///
/// Owns its FFmpeg frame and frees it in `deinit`. Not `Sendable`: the encoder reads and
/// stamps it. A frame may be written again after the encoder has taken it (a frame pool):
/// ``makeWritable()`` first, which gives the frame buffers of its own if the encoder still
/// holds the old ones.
public final class YUVFrame {
    /// The owned frame.
    let box: AVFrameBox
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Full or limited range of the samples.
    public internal(set) var range: VideoColourRange
    /// The matrix the RGB values were converted with.
    public internal(set) var matrix: VideoColourMatrix

    init(box: AVFrameBox, range: VideoColourRange, matrix: VideoColourMatrix) {
        self.box = box
        self.width = Int(box.frame.pointee.width)
        self.height = Int(box.frame.pointee.height)
        self.range = range
        self.matrix = matrix
    }

    /// Allocates a frame of `width` x `height` (both even) whose samples are to be written.
    /// - Throws: ``MediaError`` (`.invalidArgument`) for odd or non-positive sizes.
    public convenience init(width: Int, height: Int, range: VideoColourRange, matrix: VideoColourMatrix) throws {
        guard width > 0, height > 0, width % 2 == 0, height % 2 == 0 else {
            throw MediaError(.invalidArgument, "a 4:2:0 frame must have a positive, even size, not \(width)x\(height)")
        }
        self.init(box: try AVFrameBox(width: width, height: height, format: AV_PIX_FMT_YUV420P), range: range, matrix: matrix)
    }

    /// Makes sure the planes belong to this frame alone before they are written again.
    /// - Throws: ``MediaError`` when new buffers cannot be allocated.
    public func makeWritable() throws {
        let status = av_frame_make_writable(box.frame)
        guard status >= 0 else {
            throw FFmpegError.error(status, "allocating a \(width)x\(height) picture", kind: .invalidArgument)
        }
    }

    /// The three planes, for reading and writing.
    var planes: YUVPlanes { YUVPlanes(frame: box.frame, crop: PixelRect(x: 0, y: 0, width: width, height: height)) }
}
