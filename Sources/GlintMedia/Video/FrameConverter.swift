import CFFmpeg

/// Converts decoded video frames to RGB, and RGB images to YUV frames for the encoder, with
/// libswscale.
///
/// Conversions honour the colour range (full or limited) and the YUV matrix; a frame whose
/// matrix is unspecified is treated as BT.709 when it is HD (taller than 576 lines or wider
/// than 1024 pixels) and BT.601 otherwise. Scaling uses area averaging when shrinking and
/// Lanczos when enlarging. swscale contexts are cached per configuration, so converting every
/// frame of a movie sets one up only once.
///
/// Not thread-safe and not `Sendable`: give each task its own converter.
public final class FrameConverter {
    let cache = SwsContextCache()

    /// Creates a converter.
    public init() {}

    /// Converts a decoded frame, or a crop of it, to an 8-bit RGB image of the given size.
    ///
    /// For chroma-subsampled sources (4:2:0, 4:2:2) the crop's `x` (and, for 4:2:0, `y`) is
    /// rounded down to an even value so the crop starts on a whole chroma sample; its width and
    /// height are kept. 8-bit and 10-bit sources are accepted.
    /// - Parameters:
    ///   - frame: The decoded frame.
    ///   - crop: The source rectangle in pixels, or `nil` for the whole frame.
    ///   - width: Output width in pixels.
    ///   - height: Output height in pixels.
    /// - Returns: The RGB image (full range, in the source's primaries and transfer).
    /// - Throws: ``MediaError`` (`.invalidArgument`) for a crop outside the frame or a
    ///   non-positive size; (`.unsupported`) for a pixel format swscale cannot read.
    public func rgbImage(from frame: DecodedVideoFrame, crop: PixelRect? = nil, width: Int, height: Int) throws -> RGBImage {
        guard width > 0, height > 0 else {
            throw MediaError(.invalidArgument, "output size \(width)x\(height) is not positive")
        }
        let sourceFormat = frame.pixelFormat
        guard sws_isSupportedInput(sourceFormat) != 0 else {
            throw MediaError(.unsupported, "cannot convert frames in pixel format \(frame.pixelFormatName)")
        }
        var rect = crop ?? PixelRect(x: 0, y: 0, width: frame.width, height: frame.height)
        try rect.validate(within: frame.width, frame.height)
        let shift = PixelFormats.chromaShift(sourceFormat)
        rect.x &= ~((1 << shift.x) - 1)
        rect.y &= ~((1 << shift.y) - 1)

        let info = frame.colourInfo
        let matrix = info.matrix.effective(width: frame.width, height: frame.height)
        let key = SwsContextCache.Key(
            sourceWidth: rect.width, sourceHeight: rect.height,
            sourceFormat: PixelFormats.withoutJPEGRange(sourceFormat).rawValue,
            destinationWidth: width, destinationHeight: height, destinationFormat: AV_PIX_FMT_RGB24.rawValue,
            flags: SwsScale.flags(sourceWidth: rect.width, sourceHeight: rect.height, width: width, height: height),
            sourceMatrix: matrix.swsColorspace, sourceFullRange: info.range == .full,
            destinationMatrix: matrix.swsColorspace, destinationFullRange: true
        )
        let context = try cache.context(for: key)
        let output = try AVFrameBox(width: width, height: height, format: AV_PIX_FMT_RGB24)
        let l = frame.frame.pointee.linesize
        let offsets = PixelFormats.planeOffsets(sourceFormat, x: rect.x, y: rect.y, lineSizes: [l.0, l.1, l.2, l.3])
        try SwsScale.run(context, source: frame.frame, offsets: offsets, sourceHeight: rect.height, destination: output.frame)
        return output.rgbImage()
    }

    /// Converts an RGB image to an 8-bit YUV 4:2:0 frame for ``VideoEncoder``, at the same size.
    /// - Parameters:
    ///   - image: The RGB image; its width and height should be even for 4:2:0.
    ///   - range: The range to produce; ``VideoColourRange/unspecified`` produces limited range.
    ///   - matrix: The YUV matrix; unspecified means BT.709.
    /// - Throws: ``MediaError`` (`.invalidArgument`) when swscale rejects the size.
    public func yuvFrame(from image: RGBImage, range: VideoColourRange, matrix: VideoColourMatrix = .bt709) throws -> YUVFrame {
        let effectiveMatrix = matrix == .unspecified ? VideoColourMatrix.bt709 : matrix
        let effectiveRange: VideoColourRange = range == .full ? .full : .limited
        let box = try frame(from: image, format: AV_PIX_FMT_YUV420P, range: effectiveRange, matrix: effectiveMatrix)
        return YUVFrame(box: box, range: effectiveRange, matrix: effectiveMatrix)
    }

    /// Converts an RGB image to a YUV frame in any pixel format swscale writes (tests use it
    /// to make 10-bit frames), tagging the frame with the range and matrix used.
    func frame(from image: RGBImage, format: AVPixelFormat, range: VideoColourRange, matrix: VideoColourMatrix) throws -> AVFrameBox {
        try MediaLibraries.requireFFmpeg()
        let swsMatrix = matrix.effective(width: image.width, height: image.height).swsColorspace
        let key = SwsContextCache.Key(
            sourceWidth: image.width, sourceHeight: image.height, sourceFormat: AV_PIX_FMT_RGB24.rawValue,
            destinationWidth: image.width, destinationHeight: image.height, destinationFormat: format.rawValue,
            flags: SwsScale.flags(sourceWidth: image.width, sourceHeight: image.height, width: image.width, height: image.height),
            sourceMatrix: swsMatrix, sourceFullRange: true,
            destinationMatrix: swsMatrix, destinationFullRange: range == .full
        )
        let context = try cache.context(for: key)
        let output = try AVFrameBox(width: image.width, height: image.height, format: format)
        try image.pixels.withUnsafeBufferPointer { pixels in
            try SwsScale.run(
                context, packed: pixels.baseAddress!, stride: image.bytesPerRow, rowBytes: image.bytesPerRow,
                rows: image.height, destination: output.frame)
        }
        output.frame.pointee.color_range = range.avColorRange
        output.frame.pointee.colorspace = AVColorSpace(rawValue: UInt32(matrix.rawValue))
        return output
    }
}
