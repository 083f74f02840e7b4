import Crypto
import Foundation
import HTTPTypes

/// The dashboard's session, set by the sign-in form (`POST /login`) as the cookie
/// `glint_session=<key id>.<expiry unix seconds>.<signature>` (over TLS `__Host-glint_session`, a
/// name browsers accept only from this very host, `Secure`, `Path=/`: a sibling subdomain cannot
/// plant one): the signature is the base64url
/// (unpadded) HMAC-SHA256 of `<key id>.<expiry>` under a key derived from the server secret for
/// sessions alone (HKDF-SHA256, info ``derivationLabel``), so a share token's signature is never a
/// session's. The cookie carries no secret of the key: each request looks the key up again, so a
/// revoked key's sessions end at once.
struct DashboardSession: Sendable, Hashable {
    /// The cookie's name over plain HTTP.
    static let cookieName = "glint_session"
    /// The cookie's name over TLS.
    static let secureCookieName = "__Host-glint_session"

    /// The cookie's name for a client that reached Glint over TLS or not.
    static func cookieName(secure: Bool) -> String { secure ? secureCookieName : cookieName }
    /// How long a session lasts: 12 hours.
    static let lifetime: TimeInterval = 12 * 3600
    /// What tells the session's signing key apart from every other key derived from the secret.
    static let derivationLabel = "glint dashboard session v1"

    /// The signed-in key's id.
    var keyID: String
    /// When the session ends, to the second.
    var expiresAt: Date

    init(keyID: String, expiresAt: Date) {
        self.keyID = keyID
        self.expiresAt = Date(timeIntervalSince1970: expiresAt.timeIntervalSince1970.rounded(.down))
    }

    /// The cookie's value, signed.
    func value(secret: ShareTokenSecret) -> String {
        let message = "\(keyID).\(Int64(expiresAt.timeIntervalSince1970))"
        let code = HMAC<SHA256>.authenticationCode(for: Data(message.utf8), using: Self.signingKey(secret))
        return "\(message).\(Base64URL.encode(Data(code)))"
    }

    /// The session a cookie value names, if its signature is the server's (compared in constant
    /// time) and it has not expired at `now`; nil for anything else.
    static func verify(_ value: String, secret: ShareTokenSecret, now: Date) -> DashboardSession? {
        let parts = value.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, APIKey.isID(parts[0]), parts[1].utf8.count <= 12, parts[1].first != "0",
            parts[1].utf8.allSatisfy({ (0x30...0x39).contains($0) }),
            let expiry = Int64(parts[1]), let mac = Base64URL.decode(String(parts[2])), mac.count == SHA256.byteCount
        else { return nil }
        let message = Data("\(parts[0]).\(expiry)".utf8)
        guard HMAC<SHA256>.isValidAuthenticationCode(mac, authenticating: message, using: signingKey(secret)) else { return nil }
        let session = DashboardSession(keyID: String(parts[0]), expiresAt: Date(timeIntervalSince1970: TimeInterval(expiry)))
        return now < session.expiresAt ? session : nil
    }

    /// `Set-Cookie` for this session: `HttpOnly; SameSite=Strict; Path=/; Max-Age`, and `Secure`
    /// when the client reached Glint over TLS.
    func setCookie(secret: ShareTokenSecret, now: Date, secure: Bool) -> String {
        let maxAge = max(Int(expiresAt.timeIntervalSince(now).rounded(.up)), 0)
        let name = Self.cookieName(secure: secure)
        return "\(name)=\(value(secret: secret)); Path=/; Max-Age=\(maxAge); HttpOnly; SameSite=Strict" + (secure ? "; Secure" : "")
    }

    /// `Set-Cookie` that ends the session in the browser (`POST /logout`).
    static func clearingCookie(secure: Bool) -> String {
        "\(cookieName(secure: secure))=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict" + (secure ? "; Secure" : "")
    }

    /// The session cookie's value among the request's `Cookie` headers, if it sent one: over TLS
    /// only the `__Host-` one counts.
    static func cookieValue(in headers: HTTPFields, secure: Bool) -> String? {
        let name = cookieName(secure: secure)
        for header in headers[values: .cookie] {
            for pair in header.split(separator: ";") {
                let trimmed = pair.drop { $0 == " " }
                guard let equals = trimmed.firstIndex(of: "="), trimmed[..<equals] == name else { continue }
                return String(trimmed[trimmed.index(after: equals)...])
            }
        }
        return nil
    }

    private static func signingKey(_ secret: ShareTokenSecret) -> SymmetricKey {
        secret.key.derivedKey(purpose: derivationLabel)
    }
}
