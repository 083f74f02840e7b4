import Crypto
import Foundation
import GlintCore

/// The `Glint-Signature` header of a webhook: `t=<unix seconds>,v1=<hex HMAC-SHA256(key, "<t>.<body>")>`.
/// Receivers recompute the MAC over the timestamp and the raw body and compare, and refuse old timestamps.
public struct WebhookSignature: Hashable, Sendable {
    public var timestamp: Int64
    public var mac: String

    public init(body: Data, timestamp: Int64, key: SymmetricKey) {
        self.timestamp = timestamp
        var message = Data("\(timestamp).".utf8)
        message.append(body)
        mac = LowercaseHex.string(Array(HMAC<SHA256>.authenticationCode(for: message, using: key)))
    }

    /// The header value.
    public var header: String { "t=\(timestamp),v1=\(mac)" }

    /// The key webhooks are signed with: derived from the server secret, so that giving it to
    /// receivers does not give away the key that signs share links.
    public static func signingKey(serverSecret: SymmetricKey) -> SymmetricKey {
        SymmetricKey(data: Data(HMAC<SHA256>.authenticationCode(for: Data("glint-webhooks-v1".utf8), using: serverSecret)))
    }
}
