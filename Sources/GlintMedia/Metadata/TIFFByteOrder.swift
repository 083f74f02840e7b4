/// The byte order of a TIFF structure: `"MM"` (Motorola, big-endian) or `"II"` (Intel,
/// little-endian).
///
/// EXIF keeps every multi-byte value in the order named by its header; Glint keeps values as raw
/// bytes in that order and writes them back in the same order, so nothing needs swapping.
public enum TIFFByteOrder: Sendable, Hashable {
    /// `"MM"`: most significant byte first.
    case bigEndian
    /// `"II"`: least significant byte first.
    case littleEndian

    /// The two marker bytes that start a TIFF header (`"MM"` or `"II"`).
    public var marker: [UInt8] {
        switch self {
        case .bigEndian: return [0x4D, 0x4D]
        case .littleEndian: return [0x49, 0x49]
        }
    }

    /// The byte order named by two marker bytes, or `nil` when they are neither `"MM"` nor `"II"`.
    init?(marker first: UInt8, _ second: UInt8) {
        switch (first, second) {
        case (0x4D, 0x4D): self = .bigEndian
        case (0x49, 0x49): self = .littleEndian
        default: return nil
        }
    }

    /// Reads a 16-bit value at `offset`; the caller has checked the bounds.
    func uint16(_ bytes: [UInt8], at offset: Int) -> UInt16 {
        let a = UInt16(bytes[offset])
        let b = UInt16(bytes[offset + 1])
        return self == .bigEndian ? (a << 8 | b) : (b << 8 | a)
    }

    /// Reads a 32-bit value at `offset`; the caller has checked the bounds.
    func uint32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        let b0 = UInt32(bytes[offset])
        let b1 = UInt32(bytes[offset + 1])
        let b2 = UInt32(bytes[offset + 2])
        let b3 = UInt32(bytes[offset + 3])
        return self == .bigEndian
            ? (b0 << 24 | b1 << 16 | b2 << 8 | b3)
            : (b3 << 24 | b2 << 16 | b1 << 8 | b0)
    }

    /// The two bytes of `value` in this order.
    func bytes(_ value: UInt16) -> [UInt8] {
        let hi = UInt8(value >> 8)
        let lo = UInt8(value & 0xFF)
        return self == .bigEndian ? [hi, lo] : [lo, hi]
    }

    /// The four bytes of `value` in this order.
    func bytes(_ value: UInt32) -> [UInt8] {
        let big: [UInt8] = [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
        return self == .bigEndian ? big : big.reversed()
    }
}
