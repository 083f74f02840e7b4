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
