import CFFmpeg

/// Facts about FFmpeg pixel formats that the converters need.
enum PixelFormats {
    /// Whether `format` is one of the deprecated `yuvj*` formats, which imply full range.
    static func isJPEGRange(_ format: AVPixelFormat) -> Bool {
        switch format {
        case AV_PIX_FMT_YUVJ420P, AV_PIX_FMT_YUVJ422P, AV_PIX_FMT_YUVJ444P, AV_PIX_FMT_YUVJ440P, AV_PIX_FMT_YUVJ411P:
            return true
        default:
            return false
        }
    }

    /// The non-deprecated equivalent of a `yuvj*` format (swscale warns about, and
    /// mishandles the range of, the deprecated ones; the range is set explicitly instead).
    static func withoutJPEGRange(_ format: AVPixelFormat) -> AVPixelFormat {
        switch format {
        case AV_PIX_FMT_YUVJ420P: return AV_PIX_FMT_YUV420P
        case AV_PIX_FMT_YUVJ422P: return AV_PIX_FMT_YUV422P
        case AV_PIX_FMT_YUVJ444P: return AV_PIX_FMT_YUV444P
        case AV_PIX_FMT_YUVJ440P: return AV_PIX_FMT_YUV440P
        case AV_PIX_FMT_YUVJ411P: return AV_PIX_FMT_YUV411P
        default: return format
        }
    }

    /// log2 of the horizontal and vertical chroma subsampling of `format` (1, 1 for 4:2:0).
    static func chromaShift(_ format: AVPixelFormat) -> (x: Int, y: Int) {
        guard let descriptor = av_pix_fmt_desc_get(format) else { return (0, 0) }
        return (Int(descriptor.pointee.log2_chroma_w), Int(descriptor.pointee.log2_chroma_h))
    }

    /// The byte offsets into each plane of the pixel at (`x`, `y`), for plane pointers of
    /// `format`; `x` and `y` must be multiples of the chroma subsampling.
    static func planeOffsets(_ format: AVPixelFormat, x: Int, y: Int, lineSizes: [Int32]) -> [Int] {
        guard let descriptor = av_pix_fmt_desc_get(format) else { return [0, 0, 0, 0] }
        let shift = chromaShift(format)
        var offsets = [Int](repeating: 0, count: 4)
        let components = withUnsafeBytes(of: descriptor.pointee.comp) { raw in
            Array(raw.bindMemory(to: AVComponentDescriptor.self).prefix(Int(descriptor.pointee.nb_components)))
        }
        for (index, component) in components.enumerated() {
            let plane = Int(component.plane)
            let isChroma = (index == 1 || index == 2) && descriptor.pointee.flags & UInt64(AV_PIX_FMT_FLAG_RGB) == 0
            let px = isChroma ? x >> shift.x : x
            let py = isChroma ? y >> shift.y : y
            offsets[plane] = py * Int(lineSizes[plane]) + px * Int(component.step)
        }
        return offsets
    }
}
