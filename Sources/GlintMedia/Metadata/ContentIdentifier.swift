import Foundation

/// The identifier that ties a Live Photo's still and movie together.
///
/// Apple writes it as an uppercase UUID string (36 characters) in the still's MakerNote (tag
/// 0x0011) and in the movie's `com.apple.quicktime.content.identifier` key. The value is kept as
/// found (iOS always writes uppercase UUIDs, but pairing compares exact strings, as Photos does).
public struct ContentIdentifier: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The identifier string, exactly as stored.
    public let rawValue: String

    /// Wraps a stored identifier.
    ///
    /// Returns `nil` for an empty string or one longer than 256 bytes: those are not identifiers
    /// any Apple device writes, and accepting them would let garbage pair files.
    public init?(_ rawValue: String) {
        let trimmed = rawValue.trimmingCharacters(in: CharacterSet(charactersIn: "\0").union(.whitespaces))
        guard !trimmed.isEmpty, trimmed.utf8.count <= 256 else { return nil }
        self.rawValue = trimmed
    }

    /// A fresh identifier in Apple's form (uppercase UUID).
    public static func random() -> ContentIdentifier {
        ContentIdentifier(UUID().uuidString.uppercased())!
    }

    /// Whether the value has the canonical 36-character UUID form Apple writes.
    public var isCanonicalUUID: Bool { UUID(uuidString: rawValue) != nil && rawValue.utf8.count == 36 }

    public var description: String { rawValue }

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let string = try container.decode(String.self)
        guard let value = ContentIdentifier(string) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a content identifier: \(string)")
        }
        self = value
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
