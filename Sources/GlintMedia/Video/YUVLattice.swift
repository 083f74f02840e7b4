import CColourKernels

/// The two conversions a ``YUVColourTable`` runs over its lattice, in the form that suits a
/// lattice: a whole column of samples (every luma at one chroma point) to RGB codes, and RGB
/// codes back to samples through one small table per channel.
///
/// Both directions are affine (``YUVCoding/Conversion``): along a column RGB moves by a fixed
/// step per luma code, and the samples of RGB codes are the sum of each channel's part, looked
/// up. The arithmetic is ``YUVCoding/Conversion``'s, in the same double precision; the loops are
/// C (`glint_lattice_column`, `glint_lattice_samples` in CColourKernels).

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
        withUnsafePointer(to: (base.x, base.y, base.z)) { base in
            withUnsafePointer(to: (rgb.y.x, rgb.y.y, rgb.y.z)) { step in
                base.withMemoryRebound(to: Double.self, capacity: 3) { base in
                    step.withMemoryRebound(to: Double.self, capacity: 3) { step in
                        glint_lattice_column(base, step, pixels)
                    }
                }
            }
        }
    }
}

/// Converts RGB code values to the samples a ``YUVColourTable`` stores: each channel's share of
/// (Y, Cb, Cr) looked up per code value and summed, then clipped to the code range.
struct YUVOfCodes {
    /// (Y, Cb, Cr, 0) of each red code value, plus the offset; then of each green and each blue
    /// code value (3 x 256 x 4 doubles).
    private let parts: [Double]

    init(_ conversion: YUVCoding.Conversion) {
        let yuv = conversion.toYUV
        var parts: [Double] = []
        parts.reserveCapacity(3 * 256 * 4)
        for (column, offset) in [(yuv.r, yuv.offset), (yuv.g, SIMD3<Double>()), (yuv.b, SIMD3<Double>())] {
            for code in 0..<256 {
                let part = offset + Double(code) * column
                parts += [part.x, part.y, part.z, 0]
            }
        }
        self.parts = parts
    }

    /// Converts `count` interleaved RGB pixels: luma times 16 (rounded) into `luma`, and Cb and
    /// Cr times 16 (rounded) into the low and high halves of `chroma`.
    func convert(
        _ pixels: UnsafePointer<UInt8>, count: Int, luma: UnsafeMutablePointer<UInt16>,
        chroma: UnsafeMutablePointer<UInt32>
    ) {
        parts.withUnsafeBufferPointer { parts in
            glint_lattice_samples(parts.baseAddress!, pixels, count, luma, chroma)
        }
    }
}
