import Crypto
import Foundation
import GlintCore

/// An API key as a client holds it: `glint_<id>_<secret>`, the id 12 lower-case hex digits, the
/// secret 32. The server keeps the id and the SHA-256 of the whole text, never the text.
public struct APIKey: Hashable, Sendable, CustomStringConvertible {
    /// The public part, also the key's record id.
    public let id: String
    /// The whole key text.
    public let text: String

    /// A new random key (from the system's cryptographic random source).
    public static func generate() -> APIKey {
        var generator = SystemRandomNumberGenerator()
        let id = LowercaseHex.string((0..<6).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
        let secret = LowercaseHex.string((0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
        return APIKey(id: id, text: "glint_\(id)_\(secret)")
    }

    private init(id: String, text: String) {
        self.id = id
        self.text = text
    }

    /// Parses `glint_<12 hex>_<32 hex or base62>`; nil for anything else.
    public init?(parsing text: String) {
        let parts = text.split(separator: "_", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "glint", Self.isID(parts[1]), parts[2].utf8.count == 32,
            parts[2].utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) })
        else { return nil }
        self.init(id: String(parts[1]), text: text)
    }

    /// Whether `text` is a key id: 12 lower-case hex digits.
    static func isID(_ text: some StringProtocol) -> Bool {
        text.utf8.count == 12 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// Lower-case hex SHA-256 of the whole key text: what the store keeps.
    public var hash: String { LowercaseHex.string(Array(SHA256.hash(data: Data(text.utf8)))) }

    /// The id only: a key is never logged.
    public var description: String { "glint_\(id)_…" }
}
