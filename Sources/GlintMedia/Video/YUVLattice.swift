/// The two conversions a ``YUVColourTable`` runs over its lattice, in the form that suits a
/// lattice: a whole column of samples (every luma at one chroma point) to RGB codes, and RGB
/// codes back to samples through one small table per channel.
///
/// Both directions are affine (``YUVCoding/Conversion``): along a column RGB moves by a fixed
/// step per luma code, and the samples of RGB codes are the sum of each channel's part, looked
/// up. The arithmetic is ``YUVCoding/Conversion``'s, in the same double precision.

/// Writes lattice columns: RGB code values (rounded, clipped) of every luma at a chroma point.
struct RGBLattice {
    private let conversion: YUVCoding.Conversion

    init(_ conversion: YUVCoding.Conversion) {
        self.conversion = conversion
    }

    /// Writes the 256 interleaved RGB pixels of luma 0...255 at chroma (`u`, `v`) to `pixels`.
    func column(u: Float, v: Float, into pixels: UnsafeMutablePointer<UInt8>) {
        let rgb = conversion.toRGB
        let base = rgb.offset + Double(u) * rgb.cb + Double(v) * rgb.cr
        var p = pixels
        for y in 0..<YUVColourTable.columnLength {
            let value = base + Double(y) * rgb.y
            p[0] = UInt8(truncatingIfNeeded: Int(clippedCode(value.x) + 0.5))
            p[1] = UInt8(truncatingIfNeeded: Int(clippedCode(value.y) + 0.5))
            p[2] = UInt8(truncatingIfNeeded: Int(clippedCode(value.z) + 0.5))
            p += 3
        }
    }
}

/// Converts RGB code values to the samples a ``YUVColourTable`` stores: each channel's share of
/// (Y, Cb, Cr) looked up per code value and summed, then clipped to the code range.
struct YUVOfCodes {
    /// (Y, Cb, Cr, 0) of each red code value, plus the offset; of each green and blue code value.
    private let red: [SIMD4<Double>], green: [SIMD4<Double>], blue: [SIMD4<Double>]

    init(_ conversion: YUVCoding.Conversion) {
        let yuv = conversion.toYUV
        func lane(_ column: SIMD3<Double>, _ code: Int) -> SIMD4<Double> {
            let part = Double(code) * column
            return SIMD4(part.x, part.y, part.z, 0)
        }
        let offset = SIMD4(yuv.offset.x, yuv.offset.y, yuv.offset.z, 0)
        red = (0..<256).map { offset + lane(yuv.r, $0) }
        green = (0..<256).map { lane(yuv.g, $0) }
        blue = (0..<256).map { lane(yuv.b, $0) }
    }

    /// Converts `count` interleaved RGB pixels: luma times 16 (rounded) into `luma`, and Cb and
    /// Cr times 16 (rounded) into the low and high halves of `chroma`.
    func convert(_ pixels: UnsafePointer<UInt8>, count: Int, luma: UnsafeMutablePointer<UInt16>,
                 chroma: UnsafeMutablePointer<UInt32>) {
        red.withUnsafeBufferPointer { red in
        green.withUnsafeBufferPointer { green in
        blue.withUnsafeBufferPointer { blue in
            let (r, g, b) = (red.baseAddress!, green.baseAddress!, blue.baseAddress!)
            var p = pixels
            for i in 0..<count {
                let sample = r[Int(p[0])] + g[Int(p[1])] + b[Int(p[2])]
                luma[i] = UInt16(truncatingIfNeeded: Int(clippedCode(sample.x) * 16 + 0.5))
                chroma[i] = UInt32(truncatingIfNeeded: Int(clippedCode(sample.y) * 16 + 0.5))
                    | UInt32(truncatingIfNeeded: Int(clippedCode(sample.z) * 16 + 0.5)) << 16
                p += 3
            }
        }
        }
        }
    }
}

/// `value` clipped to the code range 0...255 (lane by lane, as `SIMD.clamped` would, but inlined:
/// the generic `pointwiseMin`/`pointwiseMax` behind `clamped` are calls per sample).
@inline(__always)
private func clippedCode(_ value: Double) -> Double {
    min(max(value, 0), 255)
}
