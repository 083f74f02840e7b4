import CFFmpeg

extension FrameConverter {
    /// Crops and scales a decoded frame to an 8-bit YUV 4:2:0 frame, keeping its matrix and
    /// range (no conversion to RGB): the first step of editing frames on their YUV planes.
    ///
    /// An 8-bit 4:2:0 source whose crop is already the requested size is copied; anything else
    /// (another size, 10-bit or 4:2:2 samples) goes through swscale, which averages when
    /// shrinking and uses Lanczos when enlarging, as ``rgbImage(from:crop:width:height:)`` does.
    /// - Parameters:
    ///   - frame: The decoded frame.
    ///   - crop: The source rectangle; its origin is rounded down to whole chroma samples.
    ///   - width: Output width (even).
    ///   - height: Output height (even).
    ///   - reusing: A frame of the output size to write into (after ``YUVFrame/makeWritable()``),
    ///     or `nil` for a new one.
    /// - Returns: The frame, tagged with the source's coding.
    /// - Throws: ``MediaError`` (`.invalidArgument`) for a crop outside the frame or an odd or
    ///   non-positive size; (`.unsupported`) for a pixel format swscale cannot read.
    public func yuvFrame(
        from frame: DecodedVideoFrame, crop: PixelRect, width: Int, height: Int,
        reusing: YUVFrame? = nil
    ) throws -> YUVFrame {
        let sourceFormat = frame.pixelFormat
        guard sws_isSupportedInput(sourceFormat) != 0 else {
            throw MediaError(.unsupported, "cannot convert frames in pixel format \(frame.pixelFormatName)")
        }
        var rect = crop
        try rect.validate(within: frame.width, frame.height)
        let shift = PixelFormats.chromaShift(sourceFormat)
        rect.x &= ~((1 << shift.x) - 1)
        rect.y &= ~((1 << shift.y) - 1)
        let coding = YUVCoding(decoded: frame.colourInfo, width: frame.width, height: frame.height)
        let output: YUVFrame
        if let reusing, reusing.width == width, reusing.height == height {
            try reusing.makeWritable()
            output = reusing
        } else {
            output = try YUVFrame(width: width, height: height, range: coding.range, matrix: coding.matrix)
        }
        output.range = coding.range
        output.matrix = coding.matrix

        if YUVPlanes.canView(sourceFormat), rect.width == width, rect.height == height, rect.width % 2 == 0, rect.height % 2 == 0 {
            output.planes.copy(from: YUVPlanes(frame: frame.frame, crop: rect))
            return output
        }
        let key = SwsContextCache.Key(
            sourceWidth: rect.width, sourceHeight: rect.height,
            sourceFormat: PixelFormats.withoutJPEGRange(sourceFormat).rawValue,
            destinationWidth: width, destinationHeight: height, destinationFormat: AV_PIX_FMT_YUV420P.rawValue,
            flags: SwsScale.flags(sourceWidth: rect.width, sourceHeight: rect.height, width: width, height: height),
            sourceMatrix: coding.matrix.swsColorspace, sourceFullRange: coding.range == .full,
            destinationMatrix: coding.matrix.swsColorspace, destinationFullRange: coding.range == .full
        )
        let context = try cache.context(for: key)
        let l = frame.frame.pointee.linesize
        let offsets = PixelFormats.planeOffsets(sourceFormat, x: rect.x, y: rect.y, lineSizes: [l.0, l.1, l.2, l.3])
        try SwsScale.run(context, source: frame.frame, offsets: offsets, sourceHeight: rect.height, destination: output.box.frame)
        return output
    }

    /// Converts a frame made for the encoder back to an 8-bit RGB image of its size (to look at
    /// what will be encoded), reading its samples with the frame's own range and matrix.
    /// - Throws: ``MediaError`` when swscale rejects the frame.
    public func rgbImage(from frame: YUVFrame) throws -> RGBImage {
        guard let reference = av_frame_clone(frame.box.frame) else {
            throw MediaError(.invalidArgument, "out of memory referencing a \(frame.width)x\(frame.height) frame")
        }
        reference.pointee.color_range = frame.range.avColorRange
        reference.pointee.colorspace = AVColorSpace(rawValue: UInt32(bitPattern: frame.matrix.rawValue))
        return try rgbImage(from: DecodedVideoFrame(taking: reference), width: frame.width, height: frame.height)
    }
}
