import CFFmpeg

/// Whether luma and chroma use the full 0...255 code range or the limited ("video", 16...235)
/// range.
public enum VideoColourRange: Sendable, Hashable {
    /// The stream does not say; readers assume ``limited``.
    case unspecified
    /// Limited (MPEG, "TV") range: luma 16...235, chroma 16...240 at 8 bits.
    case limited
    /// Full (JPEG, "PC") range: 0...255 at 8 bits. iPhone movies use it.
    case full

    init(_ range: AVColorRange) {
        switch range {
        case AVCOL_RANGE_JPEG: self = .full
        case AVCOL_RANGE_MPEG: self = .limited
        default: self = .unspecified
        }
    }

    var avColorRange: AVColorRange {
        switch self {
        case .unspecified: return AVCOL_RANGE_UNSPECIFIED
        case .limited: return AVCOL_RANGE_MPEG
        case .full: return AVCOL_RANGE_JPEG
        }
    }
}

/// Colour primaries, as the code points of ITU-T H.273 (the values FFmpeg and the VUI use).
public struct VideoColourPrimaries: RawRepresentable, Sendable, Hashable {
    /// The H.273 `ColourPrimaries` code point.
    public var rawValue: Int32
    /// Creates primaries from an H.273 code point.
    public init(rawValue: Int32) { self.rawValue = rawValue }
    /// BT.709 / sRGB (1).
    public static let bt709 = VideoColourPrimaries(rawValue: 1)
    /// Not specified (2).
    public static let unspecified = VideoColourPrimaries(rawValue: 2)
    /// BT.601 625-line (5).
    public static let bt470bg = VideoColourPrimaries(rawValue: 5)
    /// BT.601 525-line / SMPTE 170M (6).
    public static let smpte170m = VideoColourPrimaries(rawValue: 6)
    /// BT.2020 (9).
    public static let bt2020 = VideoColourPrimaries(rawValue: 9)
    /// Display P3 (P3 primaries, D65 white; 12). Newer iPhone movies use it.
    public static let displayP3 = VideoColourPrimaries(rawValue: 12)
}

/// Transfer characteristics, as ITU-T H.273 code points.
public struct VideoTransferFunction: RawRepresentable, Sendable, Hashable {
    /// The H.273 `TransferCharacteristics` code point.
    public var rawValue: Int32
    /// Creates a transfer function from an H.273 code point.
    public init(rawValue: Int32) { self.rawValue = rawValue }
    /// BT.709 (1).
    public static let bt709 = VideoTransferFunction(rawValue: 1)
    /// Not specified (2).
    public static let unspecified = VideoTransferFunction(rawValue: 2)
    /// SMPTE 170M (6).
    public static let smpte170m = VideoTransferFunction(rawValue: 6)
    /// sRGB / IEC 61966-2-1 (13).
    public static let srgb = VideoTransferFunction(rawValue: 13)
    /// SMPTE ST 2084, PQ (16).
    public static let pq = VideoTransferFunction(rawValue: 16)
    /// ARIB STD-B67, HLG (18).
    public static let hlg = VideoTransferFunction(rawValue: 18)
}

/// Matrix coefficients (the YUV <-> RGB matrix), as ITU-T H.273 code points.
public struct VideoColourMatrix: RawRepresentable, Sendable, Hashable {
    /// The H.273 `MatrixCoefficients` code point.
    public var rawValue: Int32
    /// Creates a matrix from an H.273 code point.
    public init(rawValue: Int32) { self.rawValue = rawValue }
    /// BT.709 (1).
    public static let bt709 = VideoColourMatrix(rawValue: 1)
    /// Not specified (2).
    public static let unspecified = VideoColourMatrix(rawValue: 2)
    /// BT.601 625-line (5).
    public static let bt470bg = VideoColourMatrix(rawValue: 5)
    /// BT.601 525-line / SMPTE 170M (6). The iPhone 6s fixture is tagged with it.
    public static let smpte170m = VideoColourMatrix(rawValue: 6)
    /// BT.2020 non-constant luminance (9).
    public static let bt2020 = VideoColourMatrix(rawValue: 9)

    /// The matrix to convert with: this one, or when unspecified (or one swscale lacks),
    /// BT.709 for HD sizes (height above 576 lines) and BT.601 otherwise.
    func effective(width: Int, height: Int) -> VideoColourMatrix {
        switch rawValue {
        case 1, 4, 5, 6, 7, 9, 10: return self
        default: return (height > 576 || width > 1024) ? .bt709 : .smpte170m
        }
    }

    /// The `SWS_CS_*` constant for an ``effective(width:height:)`` matrix.
    var swsColorspace: Int32 {
        switch rawValue {
        case 1: return SWS_CS_ITU709
        case 4: return SWS_CS_FCC
        case 7: return SWS_CS_SMPTE240M
        case 9, 10: return SWS_CS_BT2020
        default: return SWS_CS_ITU601
        }
    }
}

/// The colour description of a video stream or frame: range, primaries, transfer and matrix.
public struct VideoColourInfo: Sendable, Hashable {
    /// Full or limited range.
    public var range: VideoColourRange
    /// Colour primaries.
    public var primaries: VideoColourPrimaries
    /// Transfer characteristics.
    public var transfer: VideoTransferFunction
    /// YUV matrix coefficients.
    public var matrix: VideoColourMatrix

    /// Creates a colour description.
    /// - Parameters:
    ///   - range: Full or limited range.
    ///   - primaries: Colour primaries.
    ///   - transfer: Transfer characteristics.
    ///   - matrix: Matrix coefficients.
    public init(
        range: VideoColourRange = .unspecified,
        primaries: VideoColourPrimaries = .unspecified,
        transfer: VideoTransferFunction = .unspecified,
        matrix: VideoColourMatrix = .unspecified
    ) {
        self.range = range
        self.primaries = primaries
        self.transfer = transfer
        self.matrix = matrix
    }

    /// BT.709 primaries, transfer and matrix in limited range: the usual HD description.
    public static let bt709Limited = VideoColourInfo(range: .limited, primaries: .bt709, transfer: .bt709, matrix: .bt709)

    init(range: AVColorRange, primaries: AVColorPrimaries, transfer: AVColorTransferCharacteristic, matrix: AVColorSpace) {
        self.range = VideoColourRange(range)
        self.primaries = VideoColourPrimaries(rawValue: Int32(primaries.rawValue))
        self.transfer = VideoTransferFunction(rawValue: Int32(transfer.rawValue))
        self.matrix = VideoColourMatrix(rawValue: Int32(matrix.rawValue))
    }
}
