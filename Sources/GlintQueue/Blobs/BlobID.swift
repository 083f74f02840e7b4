/// A blob's identity: the lower-case hex SHA-256 of its bytes (64 characters).
///
/// Content addressing makes writes idempotent: the same bytes always get the same id, so a job that
/// runs twice never leaves two copies of an output.
public struct BlobID: Hashable, Sendable, Codable, CustomStringConvertible, Comparable {
    public let hex: String

    /// Validates the text: exactly 64 hex digits (either case; stored lower-case). Anything else
    /// (including `../` and other path tricks) is nil.
    public init?(_ text: String) {
        guard text.utf8.count == 64,
            text.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) || (0x41...0x46).contains($0) })
        else { return nil }
        self.hex = text.lowercased()
    }

    public var description: String { hex }

    public static func < (lhs: BlobID, rhs: BlobID) -> Bool { lhs.hex < rhs.hex }

    public init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let id = BlobID(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a blob id (64 hex digits of SHA-256): \(text)"))
        }
        self = id
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(hex)
    }
}
