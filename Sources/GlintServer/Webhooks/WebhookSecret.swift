import Foundation

/// A webhook signing secret in the Standard Webhooks form: `whsec_<base64 of the bytes>`, 32
/// random bytes when Glint makes one (the specification asks for 24 to 64). Each API key has its
/// own (``WebhookSecretVault`` keeps it sealed); its ``description`` never shows it.
public struct WebhookSecret: Hashable, Sendable, CustomStringConvertible {
    /// The HMAC key.
    public let bytes: [UInt8]

    /// A new random secret (from the system's cryptographic random source).
    public static func generate() -> WebhookSecret {
        var generator = SystemRandomNumberGenerator()
        return WebhookSecret(bytes: (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) })!
    }

    /// A secret of 24 to 64 bytes; nil otherwise.
    public init?(bytes: [UInt8]) {
        guard (24...64).contains(bytes.count) else { return nil }
        self.bytes = bytes
    }

    /// Parses `whsec_<base64>`; nil for anything else.
    public init?(text: String) {
        guard text.hasPrefix("whsec_"), let data = Data(base64Encoded: String(text.dropFirst(6))) else { return nil }
        self.init(bytes: Array(data))
    }

    /// `whsec_<base64>`: what the key's owner configures their receiver with.
    public var text: String { "whsec_" + Data(bytes).base64EncodedString() }

    /// Never the secret.
    public var description: String { "whsec_…" }
}
