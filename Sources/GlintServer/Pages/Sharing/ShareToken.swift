import Crypto
public import Foundation

/// The token in a share link (`/s/<token>`): `<share id>.<expiry unix seconds>.<signature>`, where
/// the signature is the base64url (unpadded) HMAC-SHA256 of `<share id>.<expiry>` under the
/// server secret. The token alone says which share it names and until when; the signature
/// makes both unforgeable.
public struct ShareToken: Sendable, Hashable, CustomStringConvertible {
    /// The share's id: letters, digits, `-` and `_` (never `.`).
    public var shareID: String
    /// When the link stops working, to the second.
    public var expiresAt: Date
    /// The base64url signature as it appears in the token.
    public var signature: String

    /// The token as it appears in a link.
    public var description: String { "\(shareID).\(Self.unixSeconds(expiresAt)).\(signature)" }

    /// Signs a token for `shareID`, valid until `expiresAt` (rounded down to the second).
    /// - Precondition: `shareID` is non-empty and holds only letters, digits, `-` and `_`.
    public init(shareID: String, expiresAt: Date, secret: ShareTokenSecret) {
        let expiry = Self.unixSeconds(expiresAt)
        self.shareID = shareID
        self.expiresAt = Date(timeIntervalSince1970: TimeInterval(expiry))
        let code = HMAC<SHA256>.authenticationCode(for: Data("\(shareID).\(expiry)".utf8), using: secret.key)
        self.signature = Base64URL.encode(Data(code))
    }

    /// Reads and checks `text`: ``ShareTokenCheck/invalid`` when it is malformed or its signature
    /// does not match (compared in constant time), ``ShareTokenCheck/expired(_:)`` when it is
    /// genuine but past its expiry at `now`, else ``ShareTokenCheck/valid(_:)``.
    public static func check(_ text: String, secret: ShareTokenSecret, now: Date) -> ShareTokenCheck {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        // The expiry as the server writes it: decimal digits only (no sign, no leading zero), at
        // most 12 of them (past year 30000), so that a token has one spelling.
        guard parts.count == 3, isShareID(parts[0]), (1...12).contains(parts[1].utf8.count),
            parts[1].utf8.allSatisfy({ (0x30...0x39).contains($0) }), parts[1] == "0" || parts[1].first != "0",
            let expiry = Int64(parts[1]),
            let mac = Base64URL.decode(String(parts[2])), mac.count == SHA256.byteCount
        else { return .invalid }
        let message = Data("\(parts[0]).\(expiry)".utf8)
        guard HMAC<SHA256>.isValidAuthenticationCode(mac, authenticating: message, using: secret.key) else { return .invalid }
        var token = ShareToken(shareID: String(parts[0]), expiresAt: Date(timeIntervalSince1970: TimeInterval(expiry)), secret: secret)
        token.signature = String(parts[2])
        return now >= token.expiresAt ? .expired(token) : .valid(token)
    }

    /// Whether `text` is a well-formed share id.
    public static func isShareID(_ text: some StringProtocol) -> Bool {
        !text.isEmpty && text.utf8.count <= 128
            && text.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_") }
    }

    private static func unixSeconds(_ date: Date) -> Int64 { Int64(date.timeIntervalSince1970.rounded(.down)) }
}

/// What ``ShareToken/check(_:secret:now:)`` found.
public enum ShareTokenCheck: Sendable, Hashable {
    /// Genuine and not expired.
    case valid(ShareToken)
    /// Genuine but past its expiry.
    case expired(ShareToken)
    /// Malformed or not signed with this secret: treated as a link that does not exist.
    case invalid
}

/// The server's signing secret for share links (the `server-secret` file: 32 random bytes).
public struct ShareTokenSecret: Sendable {
    private let bytes: [UInt8]

    /// - Parameter bytes: The secret; at least 16 bytes (32 recommended).
    public init(_ bytes: some Sequence<UInt8>) {
        self.bytes = Array(bytes)
    }

    var key: SymmetricKey { SymmetricKey(data: bytes) }
}
