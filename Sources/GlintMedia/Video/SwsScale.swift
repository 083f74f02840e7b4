import CFFmpeg

/// Runs swscale conversions between `AVFrame`s and chooses scaling filters.
enum SwsScale {
    /// Flags for scaling `sourceWidth` x `sourceHeight` to `width` x `height`: area averaging
    /// when shrinking, Lanczos when enlarging either dimension, bicubic at the same size;
    /// always accurate rounding and full-resolution chroma for RGB input and output.
    static func flags(sourceWidth: Int, sourceHeight: Int, width: Int, height: Int) -> Int32 {
        let quality = SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT | SWS_FULL_CHR_H_INP
        if width > sourceWidth || height > sourceHeight { return quality | SWS_LANCZOS }
        if width < sourceWidth || height < sourceHeight { return quality | SWS_AREA }
        return quality | SWS_BICUBIC
    }

    /// Converts the `sourceHeight` rows of `source` starting at the byte `offsets` of each
    /// plane into the whole of `destination`.
    static func run(
        _ context: OpaquePointer,
        source: UnsafePointer<AVFrame>, offsets: [Int], sourceHeight: Int,
        destination: UnsafeMutablePointer<AVFrame>
    ) throws {
        let data = source.pointee.data
        let sourcePlanes: [UnsafePointer<UInt8>?] = [data.0, data.1, data.2, data.3].enumerated().map { index, plane in
            plane.map { UnsafePointer($0 + offsets[index]) }
        }
        let s = source.pointee.linesize
        let sourceStrides: [Int32] = [s.0, s.1, s.2, s.3]
        let d = destination.pointee.data
        let destinationPlanes: [UnsafeMutablePointer<UInt8>?] = [d.0, d.1, d.2, d.3]
        let t = destination.pointee.linesize
        let destinationStrides: [Int32] = [t.0, t.1, t.2, t.3]
        let rows = sws_scale(
            context, sourcePlanes, sourceStrides, 0, Int32(clamping: sourceHeight),
            destinationPlanes, destinationStrides
        )
        guard rows > 0 else {
            throw FFmpegError.error(rows, "converting pixels", kind: .invalidArgument)
        }
    }
}

extension SwsScale {
    /// Converts the `rows` rows of a packed picture in caller memory (`stride` bytes apart,
    /// `rowBytes` used per row) into the whole of `destination`, without copying the picture
    /// into an FFmpeg frame first. swscale's vector code may read a little past the end of a
    /// row: every row but the last is followed by the next, and the last is handed over from a
    /// padded copy of itself.
    static func run(
        _ context: OpaquePointer, packed source: UnsafePointer<UInt8>, stride: Int, rowBytes: Int, rows: Int,
        destination: UnsafeMutablePointer<AVFrame>
    ) throws {
        let d = destination.pointee.data
        let destinationPlanes: [UnsafeMutablePointer<UInt8>?] = [d.0, d.1, d.2, d.3]
        let t = destination.pointee.linesize
        let destinationStrides: [Int32] = [t.0, t.1, t.2, t.3]
        let strides: [Int32] = [Int32(clamping: stride), 0, 0, 0]
        var produced: Int32 = 0
        if rows > 1 {
            produced += sws_scale(
                context, [source, nil, nil, nil], strides, 0, Int32(clamping: rows - 1),
                destinationPlanes, destinationStrides)
        }
        let padding = Int(AV_INPUT_BUFFER_PADDING_SIZE)
        var last = [UInt8](repeating: 0, count: rowBytes + padding)
        last.withUnsafeMutableBufferPointer { $0.baseAddress!.update(from: source + (rows - 1) * stride, count: rowBytes) }
        produced += last.withUnsafeBufferPointer { row in
            sws_scale(
                context, [row.baseAddress, nil, nil, nil], strides, Int32(clamping: rows - 1), 1,
                destinationPlanes, destinationStrides)
        }
        guard produced > 0 else {
            throw FFmpegError.error(produced, "converting pixels", kind: .invalidArgument)
        }
    }
}
