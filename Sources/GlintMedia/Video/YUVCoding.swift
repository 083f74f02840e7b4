/// How 8-bit YUV samples stand for RGB code values: the matrix and the range.
///
/// Unspecified tags are resolved the way ``FrameConverter`` resolves them, so a
/// ``YUVColourTable`` and the RGB conversions agree on what a sample means.
public struct YUVCoding: Sendable, Hashable {
    /// The matrix; never unspecified.
    public let matrix: VideoColorMatrix
    /// ``VideoColorRange/full`` or ``VideoColorRange/limited``; never unspecified.
    public let range: VideoColorRange

    /// The coding of decoded samples tagged `info`, in a `width` x `height` picture: an
    /// unspecified matrix is BT.709 for HD sizes and BT.601 otherwise, an unspecified range
    /// is limited.
    public init(decoded info: VideoColorInfo, width: Int, height: Int) {
        matrix = info.matrix.effective(width: width, height: height)
        range = info.range == .full ? .full : .limited
    }

    /// The coding a ``VideoEncoder`` tagged `info` expects for `width` x `height` frames: an
    /// unspecified matrix is BT.709, an unspecified range limited (as
    /// ``FrameConverter/yuvFrame(from:range:matrix:)`` produces).
    public init(encoded info: VideoColorInfo, width: Int, height: Int) {
        let tagged = info.matrix == .unspecified ? VideoColorMatrix.bt709 : info.matrix
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

    /// The RGB code values (0...255, unrounded, unclipped) of a sample.
    func rgb(y: Double, u: Double, v: Double) -> (r: Double, g: Double, b: Double) {
        let (kr, kb) = lumaWeights
        let luma: Double, cb: Double, cr: Double
        if range == .full {
            (luma, cb, cr) = (y / 255, (u - 128) / 255, (v - 128) / 255)
        } else {
            (luma, cb, cr) = ((y - 16) / 219, (u - 128) / 224, (v - 128) / 224)
        }
        let r = luma + 2 * (1 - kr) * cr
        let b = luma + 2 * (1 - kb) * cb
        let g = (luma - kr * r - kb * b) / (1 - kr - kb)
        return (r * 255, g * 255, b * 255)
    }

    /// The sample (unrounded, clipped to the 8-bit code range) of RGB code values (0...255).
    func yuv(r: Double, g: Double, b: Double) -> (y: Double, u: Double, v: Double) {
        let (kr, kb) = lumaWeights
        let (rn, gn, bn) = (r / 255, g / 255, b / 255)
        let luma = kr * rn + (1 - kr - kb) * gn + kb * bn
        let cb = (bn - luma) / (2 * (1 - kb))
        let cr = (rn - luma) / (2 * (1 - kr))
        func clip(_ value: Double) -> Double { min(max(value, 0), 255) }
        if range == .full {
            return (clip(luma * 255), clip(128 + cb * 255), clip(128 + cr * 255))
        }
        return (clip(16 + luma * 219), clip(128 + cb * 224), clip(128 + cr * 224))
    }
}
