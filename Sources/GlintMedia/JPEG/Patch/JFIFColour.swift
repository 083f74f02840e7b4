/// The JFIF colour conversions between RGB and a JPEG's components (ITU T.871), in the
/// component order of the frame: YCbCr, plain RGB or grey (luma).
enum JFIFColour {
    /// Component `index` of the pixel (`r`, `g`, `b`) for a frame in `space`.
    @inline(__always)
    static func component(_ index: Int, r: Double, g: Double, b: Double, space: JPEGColourSpace) -> Double {
        switch space {
        case .rgb:
            return index == 0 ? r : index == 1 ? g : b
        case .grayscale:
            return 0.299 * r + 0.587 * g + 0.114 * b
        default:
            switch index {
            case 0: return 0.299 * r + 0.587 * g + 0.114 * b
            case 1: return -0.168_735_892 * r - 0.331_264_108 * g + 0.5 * b + 128
            default: return 0.5 * r - 0.418_687_589 * g - 0.081_312_411 * b + 128
            }
        }
    }

    /// The RGB pixel of the component samples `c0, c1, c2` (only `c0` for grey).
    @inline(__always)
    static func rgb(_ c0: Int, _ c1: Int, _ c2: Int, space: JPEGColourSpace) -> (UInt8, UInt8, UInt8) {
        switch space {
        case .rgb:
            return (UInt8(c0), UInt8(c1), UInt8(c2))
        case .grayscale:
            return (UInt8(c0), UInt8(c0), UInt8(c0))
        default:
            let y = Double(c0)
            let cb = Double(c1 - 128)
            let cr = Double(c2 - 128)
            return (clamp(y + 1.402 * cr), clamp(y - 0.344_136_286 * cb - 0.714_136_286 * cr), clamp(y + 1.772 * cb))
        }
    }

    @inline(__always)
    private static func clamp(_ value: Double) -> UInt8 {
        UInt8(max(0, min(255, value.rounded())))
    }
}
