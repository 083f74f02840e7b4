/// How 8-bit YUV samples stand for RGB code values: the matrix and the range.
///
/// Unspecified tags are resolved the way ``FrameConverter`` resolves them, so a
/// ``YUVColourTable`` and the RGB conversions agree on what a sample means.
public struct YUVCoding: Sendable, Hashable {
    /// The matrix; never unspecified.
    public let matrix: VideoColourMatrix
    /// ``VideoColourRange/full`` or ``VideoColourRange/limited``; never unspecified.
    public let range: VideoColourRange

    /// The coding of decoded samples tagged `info`, in a `width` x `height` picture: an
    /// unspecified matrix is BT.709 for HD sizes and BT.601 otherwise, an unspecified range
    /// is limited.
    public init(decoded info: VideoColourInfo, width: Int, height: Int) {
        matrix = info.matrix.effective(width: width, height: height)
        range = info.range == .full ? .full : .limited
    }

    /// The coding a ``VideoEncoder`` tagged `info` expects for `width` x `height` frames: an
    /// unspecified matrix is BT.709, an unspecified range limited (as
    /// ``FrameConverter/yuvFrame(from:range:matrix:)`` produces).
    public init(encoded info: VideoColourInfo, width: Int, height: Int) {
        let tagged = info.matrix == .unspecified ? VideoColourMatrix.bt709 : info.matrix
        matrix = tagged.effective(width: width, height: height)
        range = info.range == .full ? .full : .limited
    }

    /// The luma weights of red and blue (Kr, Kb) of the matrix.
    var lumaWeights: (red: Double, blue: Double) {
        switch matrix.rawValue {
        case 1: return (0.2126, 0.0722)
        case 4: return (0.30, 0.11)
        case 7: return (0.212, 0.087)
        case 9, 10: return (0.2627, 0.0593)
        default: return (0.299, 0.114)
        }
    }

    /// The conversions between this coding's samples and RGB code values, with the
    /// coefficients worked out once.
    var conversion: Conversion { Conversion(self) }

    /// Converts between 8-bit samples of a coding and RGB code values (0...255), in floating
    /// point, unrounded. Both directions are affine: `out = offset + matrix * in`.
    struct Conversion {
        /// RGB from (Y, Cb, Cr): rows R, G, B.
        let toRGB: (offset: SIMD3<Double>, y: SIMD3<Double>, cb: SIMD3<Double>, cr: SIMD3<Double>)
        /// (Y, Cb, Cr) from RGB: columns for R, G and B.
        let toYUV: (offset: SIMD3<Double>, r: SIMD3<Double>, g: SIMD3<Double>, b: SIMD3<Double>)

        init(_ coding: YUVCoding) {
            let (kr, kb) = coding.lumaWeights
            let kg = 1 - kr - kb
            let (lumaOffset, lumaScale, chromaScale) = coding.range == .full ? (0.0, 255.0, 255.0) : (16.0, 219.0, 224.0)
            // R = L + 2(1-Kr) Cr, B = L + 2(1-Kb) Cb, G = (L - Kr R - Kb B) / Kg, with
            // L = (Y - offset) / scale and C = (code - 128) / chroma scale; RGB times 255.
            let l = 255 / lumaScale
            let c = 255 / chromaScale
            let rCr = 2 * (1 - kr) * c
            let bCb = 2 * (1 - kb) * c
            let yColumn = SIMD3(l, l, l)
            let cbColumn = SIMD3(0, -kb * bCb / kg, bCb)
            let crColumn = SIMD3(rCr, -kr * rCr / kg, 0)
            toRGB = (-lumaOffset * yColumn - 128 * cbColumn - 128 * crColumn, yColumn, cbColumn, crColumn)
            // Y = offset + scale (Kr R + Kg G + Kb B) / 255; Cb = 128 + chroma scale (B - L) / (2(1-Kb)) / 255, ...
            let ls = lumaScale / 255
            let cs = chromaScale / 255
            let cbOfL = -cs / (2 * (1 - kb))
            let crOfL = -cs / (2 * (1 - kr))
            toYUV = (
                SIMD3(lumaOffset, 128, 128),
                SIMD3(kr * ls, kr * cbOfL, kr * crOfL + cs / (2 * (1 - kr))),
                SIMD3(kg * ls, kg * cbOfL, kg * crOfL),
                SIMD3(kb * ls, kb * cbOfL + cs / (2 * (1 - kb)), kb * crOfL)
            )
        }

        /// The RGB code values (unclipped) of a sample.
        @inline(__always)
        func rgb(y: Double, u: Double, v: Double) -> (r: Double, g: Double, b: Double) {
            let rgb = toRGB.offset + y * toRGB.y + u * toRGB.cb + v * toRGB.cr
            return (rgb.x, rgb.y, rgb.z)
        }

        /// The sample (clipped to the 8-bit code range) of RGB code values.
        @inline(__always)
        func yuv(r: Double, g: Double, b: Double) -> (y: Double, u: Double, v: Double) {
            let yuv = (toYUV.offset + r * toYUV.r + g * toYUV.g + b * toYUV.b)
                .clamped(lowerBound: SIMD3(repeating: 0), upperBound: SIMD3(repeating: 255))
            return (yuv.x, yuv.y, yuv.z)
        }
    }
}
