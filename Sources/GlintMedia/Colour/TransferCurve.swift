import Foundation

/// The sRGB transfer curve (IEC 61966-2-1): the curve of sRGB and Display P3 stills, and the one
/// Glint reads video's BT.709 code values with (see ``ColourSpace/Transfer``).
public enum TransferCurve {
    /// Entries in ``encodeTable``.
    public static let encodeTableSize = 4096

    /// Linear light (0...1) to 8-bit code values, sampled at `encodeTableSize` points.
    public static let encodeTable: [UInt8] = (0..<encodeTableSize).map { i in
        UInt8((encode(Double(i) / Double(encodeTableSize - 1)) * 255).rounded())
    }

    /// Code value (0...1) to linear light.
    public static func decode(_ v: Double) -> Double {
        v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
    }

    /// Linear light to code value (0...1), clamping to 0...1.
    public static func encode(_ l: Double) -> Double {
        let l = min(max(l, 0), 1)
        return l <= 0.0031308 ? l * 12.92 : 1.055 * pow(l, 1 / 2.4) - 0.055
    }

    /// ``decode(_:)`` extended to every real number: odd-symmetric below 0, the same power law
    /// above 1 (the "extended sRGB" convention), so out-of-range values survive a round trip.
    public static func decodeExtended(_ v: Double) -> Double {
        v < 0 ? -decodeExtended(-v) : (v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4))
    }

    /// The inverse of ``decodeExtended(_:)``.
    public static func encodeExtended(_ l: Double) -> Double {
        l < 0 ? -encodeExtended(-l) : (l <= 0.0031308 ? l * 12.92 : 1.055 * pow(l, 1 / 2.4) - 0.055)
    }
}
