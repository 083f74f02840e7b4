import Crypto
import Foundation

/// The Standard Webhooks signature (standardwebhooks.com): `v1,<base64 HMAC-SHA256(secret,
/// "<webhook-id>.<webhook-timestamp>.<body>")>`, one per secret, space-separated in the
/// `webhook-signature` header (two while a rotated secret's grace period runs). Receivers verify
/// with any Standard Webhooks library and the secret of the key that submitted the job.
public enum WebhookSignature {
    /// The header names.
    public enum Header {
        public static let id = "webhook-id"
        public static let timestamp = "webhook-timestamp"
        public static let signature = "webhook-signature"
    }

    /// One `v1,<base64>` signature.
    public static func sign(id: String, timestamp: Int64, body: Data, secret: WebhookSecret) -> String {
        var message = Data("\(id).\(timestamp).".utf8)
        message.append(body)
        let mac = HMAC<SHA256>.authenticationCode(for: message, using: SymmetricKey(data: secret.bytes))
        return "v1," + Data(mac).base64EncodedString()
    }

    /// The `webhook-signature` header: a signature per secret, space-separated.
    public static func header(id: String, timestamp: Int64, body: Data, secrets: [WebhookSecret]) -> String {
        secrets.map { sign(id: id, timestamp: timestamp, body: body, secret: $0) }.joined(separator: " ")
    }

    /// Whether `header` holds a valid `v1` signature by `secret` (compared in constant time).
    public static func verify(header: String, id: String, timestamp: Int64, body: Data, secret: WebhookSecret) -> Bool {
        var message = Data("\(id).\(timestamp).".utf8)
        message.append(body)
        let key = SymmetricKey(data: secret.bytes)
        for entry in header.split(separator: " ") where entry.hasPrefix("v1,") {
            guard let mac = Data(base64Encoded: String(entry.dropFirst(3))) else { continue }
            if HMAC<SHA256>.isValidAuthenticationCode(mac, authenticating: message, using: key) { return true }
        }
        return false
    }
}
