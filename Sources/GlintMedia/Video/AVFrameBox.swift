import CFFmpeg

/// Owns one `AVFrame` and its buffers, freeing them in `deinit`.
///
/// Used for scratch pictures (aligned, padded copies handed to swscale) and for frames built
/// for the encoder. Not `Sendable`: the planes are written after creation.
final class AVFrameBox {
    /// The owned frame; never `nil`.
    let frame: UnsafeMutablePointer<AVFrame>

    /// Allocates a frame with buffers for a `width` x `height` picture in `format`.
    /// - Throws: ``MediaError`` (`.invalidArgument`) when the size or format is unusable.
    init(width: Int, height: Int, format: AVPixelFormat) throws {
        try MediaLibraries.requireFFmpeg()
        guard let frame = av_frame_alloc() else {
            throw MediaError(.invalidArgument, "out of memory allocating a \(width)x\(height) frame")
        }
        self.frame = frame
        frame.pointee.width = Int32(clamping: width)
        frame.pointee.height = Int32(clamping: height)
        frame.pointee.format = format.rawValue
        let status = av_frame_get_buffer(frame, 0)
        guard status >= 0 else {
            throw FFmpegError.error(status, "allocating a \(width)x\(height) picture", kind: .invalidArgument)
        }
    }

    /// Takes ownership of an existing frame.
    init(taking frame: UnsafeMutablePointer<AVFrame>) {
        self.frame = frame
    }

    deinit {
        var pointer: UnsafeMutablePointer<AVFrame>? = frame
        av_frame_free(&pointer)
    }

    /// A packed RGB24 copy of `image` in an aligned, padded buffer.
    static func rgb24(_ image: RGBImage) throws -> AVFrameBox {
        let box = try AVFrameBox(width: image.width, height: image.height, format: AV_PIX_FMT_RGB24)
        image.pixels.withUnsafeBufferPointer { source in
            av_image_copy_plane(
                box.frame.pointee.data.0, box.frame.pointee.linesize.0,
                source.baseAddress, Int32(image.bytesPerRow),
                Int32(image.bytesPerRow), Int32(image.height)
            )
        }
        return box
    }

    /// The picture as a tightly packed ``RGBImage``; the frame must be RGB24.
    func rgbImage() -> RGBImage {
        let width = Int(frame.pointee.width)
        let height = Int(frame.pointee.height)
        let rowBytes = width * 3
        var pixels = [UInt8](repeating: 0, count: rowBytes * height)
        pixels.withUnsafeMutableBufferPointer { destination in
            av_image_copy_plane(
                destination.baseAddress, Int32(rowBytes),
                frame.pointee.data.0, frame.pointee.linesize.0,
                Int32(rowBytes), Int32(height)
            )
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }
}
