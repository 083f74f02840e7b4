import Foundation

/// The 8x8 DCT of JPEG (ITU T.81 A.3.3), in floating point: the inverse turns a dequantised block
/// into samples, the forward one and quantisation turn samples back into a block.
///
/// Only the handful of blocks a patch covers go through here, so clarity wins over speed: a
/// separable matrix product with a precomputed cosine table.
enum DCT8x8 {
    /// `basis[u * 8 + x]` = C(u) / 2 * cos((2x + 1) u pi / 16).
    private static let basis: [Double] = (0..<64).map { index in
        let u = index / 8
        let x = index % 8
        let scale = u == 0 ? 1 / (2 * 2.0.squareRoot()) : 0.5
        return scale * cos(Double(2 * x + 1) * Double(u) * Double.pi / 16)
    }

    /// Dequantises the block of 64 coefficients at `offset` in `blocks` (natural order) with
    /// `quantization` and writes its 64 samples (level shift undone, rounded, clamped to 0...255)
    /// to `samples`.
    static func inverse(_ blocks: [Int16], at offset: Int, quantization: [UInt16], into samples: inout [UInt8]) {
        var temp = [Double](repeating: 0, count: 64)
        // Columns: temp[v*8 + x] = sum_u basis[u][x] * F[v][u]
        for v in 0..<8 {
            for x in 0..<8 {
                var sum = 0.0
                for u in 0..<8 {
                    let coefficient = Double(blocks[offset + v * 8 + u]) * Double(quantization[v * 8 + u])
                    if coefficient != 0 { sum += basis[u * 8 + x] * coefficient }
                }
                temp[v * 8 + x] = sum
            }
        }
        for y in 0..<8 {
            for x in 0..<8 {
                var sum = 0.0
                for v in 0..<8 { sum += basis[v * 8 + y] * temp[v * 8 + x] }
                samples[y * 8 + x] = UInt8(max(0, min(255, (sum + 128).rounded())))
            }
        }
    }

    /// Forward-transforms 64 samples (0...255, row-major) and quantises them with `quantization`
    /// (rounding to the nearest step), writing 64 coefficients in natural order to `block`.
    static func forward(_ samples: [Double], quantization: [UInt16], into block: inout [Int16], at offset: Int) {
        var temp = [Double](repeating: 0, count: 64)
        for y in 0..<8 {
            for u in 0..<8 {
                var sum = 0.0
                for x in 0..<8 { sum += basis[u * 8 + x] * (samples[y * 8 + x] - 128) }
                temp[y * 8 + u] = sum
            }
        }
        for v in 0..<8 {
            for u in 0..<8 {
                var sum = 0.0
                for y in 0..<8 { sum += basis[v * 8 + y] * temp[y * 8 + u] }
                let step = Double(max(1, quantization[v * 8 + u]))
                let limit = 1023.0
                block[offset + v * 8 + u] = Int16(max(-limit, min(limit, (sum / step).rounded())))
            }
        }
    }
}
