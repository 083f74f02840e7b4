/// The colour information of a HEIC image, from its `colr` properties: an ICC profile, `nclx`
/// code points, both, or neither.
///
/// Glint does not interpret it here; it carries it from an input still to the edited output so
/// that the output is displayed in the same colour space.
public struct HEICColourProfile: Sendable, Hashable {
    /// The kind of `colr` box an ICC profile came in.
    public enum ICCType: String, Sendable, Hashable, Codable {
        /// `prof`: an unrestricted ICC profile (what iPhones write).
        case icc = "prof"
        /// `rICC`: a restricted ICC profile.
        case restrictedICC = "rICC"
    }

    /// The ICC profile's bytes.
    public var icc: [UInt8]?
    /// The `colr` type the ICC profile came in (`prof` when written by Glint).
    public var iccType: ICCType?
    /// The `nclx` code points.
    public var nclx: NCLXColourProfile?

    /// Creates a colour description; all parts are optional.
    public init(icc: [UInt8]? = nil, iccType: ICCType? = nil, nclx: NCLXColourProfile? = nil) {
        self.icc = icc
        self.iccType = icc == nil ? nil : (iccType ?? .icc)
        self.nclx = nclx
    }

    /// Whether there is no colour information at all.
    public var isEmpty: Bool { icc == nil && nclx == nil }
}

/// Colour described by code points (ITU-T H.273), as in a HEIF `nclx` box or a video's VUI.
public struct NCLXColourProfile: Sendable, Hashable, Codable {
    /// Colour primaries (1 BT.709/sRGB, 9 BT.2020, 12 Display P3, 2 unspecified).
    public var primaries: UInt16
    /// Transfer characteristics (13 sRGB, 1 BT.709, 16 PQ, 18 HLG, 2 unspecified).
    public var transfer: UInt16
    /// Matrix coefficients from RGB to YCbCr (6 BT.601, 1 BT.709, 0 identity/RGB, 2 unspecified).
    public var matrix: UInt16
    /// Whether samples use the full range (0...255 for 8 bits) rather than video range.
    public var fullRange: Bool

    /// Creates code points.
    public init(primaries: UInt16, transfer: UInt16, matrix: UInt16, fullRange: Bool) {
        self.primaries = primaries
        self.transfer = transfer
        self.matrix = matrix
        self.fullRange = fullRange
    }

    /// Display P3 as iPhones describe it: P3 primaries, sRGB transfer, BT.601 matrix, full range.
    public static let displayP3 = NCLXColourProfile(primaries: 12, transfer: 13, matrix: 6, fullRange: true)
    /// sRGB: BT.709 primaries, sRGB transfer, BT.601 matrix, full range.
    public static let sRGB = NCLXColourProfile(primaries: 1, transfer: 13, matrix: 6, fullRange: true)
}
