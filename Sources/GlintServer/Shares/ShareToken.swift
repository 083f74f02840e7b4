import Crypto
import Foundation

/// A share link's token: `<share id>.<expiry unix seconds>.<HMAC-SHA256 base64url>`, the MAC over
/// `<share id>.<expiry>` with the server secret. Verifying needs no store read; whether the share
/// was revoked does.
public struct ShareToken: Hashable, Sendable, CustomStringConvertible {
    public var shareID: String
    public var expiresAt: Date
    /// The token text.
    public var text: String

    /// Signs a token for the share.
    public init(shareID: String, expiresAt: Date, secret: SymmetricKey) {
        self.shareID = shareID
        let expiry = Int64(expiresAt.timeIntervalSince1970.rounded(.down))
        self.expiresAt = Date(timeIntervalSince1970: Double(expiry))
        let message = "\(shareID).\(expiry)"
        text = message + "." + Self.base64URL(Data(HMAC<SHA256>.authenticationCode(for: Data(message.utf8), using: secret)))
    }

    /// Checks the signature; nil when the token is malformed or not signed with `secret`. Expiry is
    /// not checked here (the page says "expired" rather than "not found"): compare ``expiresAt``.
    public init?(verifying text: String, secret: SymmetricKey) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let expiry = Int64(parts[1]), !parts[0].isEmpty, parts[0].utf8.count <= 64,
              let mac = Self.data(base64URL: String(parts[2]))
        else { return nil }
        let message = "\(parts[0]).\(parts[1])"
        guard HMAC<SHA256>.isValidAuthenticationCode(mac, authenticating: Data(message.utf8), using: secret) else { return nil }
        shareID = String(parts[0])
        expiresAt = Date(timeIntervalSince1970: Double(expiry))
        self.text = text
    }

    public var description: String { "share \(shareID)" }

    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    static func data(base64URL text: String) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        return Data(base64Encoded: base64)
    }
}
