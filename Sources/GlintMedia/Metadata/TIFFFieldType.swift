/// The type of a TIFF directory entry's value (the entry's second field).
///
/// Unknown type codes are kept as they are; their element size is unknown, so such an entry's
/// four-byte value field is carried verbatim (see ``TIFFEntry``).
public struct TIFFFieldType: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The type code as stored.
    public let rawValue: UInt16

    /// Wraps a stored type code.
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// 8-bit unsigned integer.
    public static let byte = TIFFFieldType(rawValue: 1)
    /// 8-bit bytes holding 7-bit ASCII (in practice UTF-8), NUL-terminated.
    public static let ascii = TIFFFieldType(rawValue: 2)
    /// 16-bit unsigned integer.
    public static let short = TIFFFieldType(rawValue: 3)
    /// 32-bit unsigned integer.
    public static let long = TIFFFieldType(rawValue: 4)
    /// Two LONGs: numerator, denominator.
    public static let rational = TIFFFieldType(rawValue: 5)
    /// 8-bit signed integer.
    public static let sbyte = TIFFFieldType(rawValue: 6)
    /// 8-bit bytes of any meaning.
    public static let undefined = TIFFFieldType(rawValue: 7)
    /// 16-bit signed integer.
    public static let sshort = TIFFFieldType(rawValue: 8)
    /// 32-bit signed integer.
    public static let slong = TIFFFieldType(rawValue: 9)
    /// Two SLONGs: numerator, denominator.
    public static let srational = TIFFFieldType(rawValue: 10)
    /// IEEE 32-bit float.
    public static let float = TIFFFieldType(rawValue: 11)
    /// IEEE 64-bit float.
    public static let double = TIFFFieldType(rawValue: 12)
    /// 32-bit offset to a directory.
    public static let ifd = TIFFFieldType(rawValue: 13)

    /// The size in bytes of one element, or `nil` for a type code this build does not know.
    public var elementSize: Int? {
        switch rawValue {
        case 1, 2, 6, 7: return 1
        case 3, 8: return 2
        case 4, 9, 11, 13: return 4
        case 5, 10, 12, 16, 17, 18: return 8
        default: return nil
        }
    }

    /// `"type N"`, N being the stored code.
    public var description: String { "type \(rawValue)" }
}
