/// A four-character code: the type of an ISO-BMFF box, a handler, a codec or a brand.
public struct FourCC: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible, Codable {
    /// The four bytes, big-endian.
    public let rawValue: UInt32

    /// Wraps four bytes read from a file.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Creates a code from a four-character Latin-1 string.
    /// - Precondition: `string` has exactly four characters below U+0100.
    public init(_ string: String) {
        let scalars = Array(string.unicodeScalars)
        precondition(scalars.count == 4 && scalars.allSatisfy { $0.value < 256 }, "a FourCC needs four Latin-1 characters: \(string)")
        rawValue = scalars.reduce(0) { ($0 << 8) | $1.value }
    }

    public init(stringLiteral value: String) { self.init(value) }

    /// The four bytes in file order.
    public var bytes: [UInt8] {
        [UInt8(rawValue >> 24), UInt8((rawValue >> 16) & 0xFF), UInt8((rawValue >> 8) & 0xFF), UInt8(rawValue & 0xFF)]
    }

    /// The code as text; bytes outside printable ASCII are shown as `\xNN`.
    public var description: String {
        bytes.map { (0x20...0x7E).contains($0) ? String(UnicodeScalar($0)) : "\\x" + String($0, radix: 16) }.joined()
    }

    public init(from decoder: Decoder) throws {
        let string = try decoder.singleValueContainer().decode(String.self)
        self.init(string)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
