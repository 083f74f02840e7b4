import Foundation
import GlintTestSupport
import HTTPTypes
import Testing

@testable import GlintServer

@Suite("pages: the dashboard's session cookie", .suiteTimeLimit)
struct DashboardSessionTests {
    static let secret = ShareTokenSecret(Array("0123456789abcdef0123456789abcdef".utf8))
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test("a signed session verifies until its expiry, and not at or after it")
    func expiry() throws {
        let session = DashboardSession(keyID: "0123456789ab", expiresAt: Self.now.addingTimeInterval(DashboardSession.lifetime))
        let value = session.value(secret: Self.secret)
        #expect(DashboardSession.verify(value, secret: Self.secret, now: Self.now) == session)
        #expect(DashboardSession.verify(value, secret: Self.secret, now: Self.now.addingTimeInterval(DashboardSession.lifetime - 1)) == session)
        #expect(DashboardSession.verify(value, secret: Self.secret, now: Self.now.addingTimeInterval(DashboardSession.lifetime)) == nil)
    }

    @Test("a tampered id, expiry or signature, another secret, or a share token's signature is refused")
    func tampering() throws {
        let expiry = Self.now.addingTimeInterval(3600)
        let value = DashboardSession(keyID: "0123456789ab", expiresAt: expiry).value(secret: Self.secret)
        let parts = value.split(separator: ".").map(String.init)
        let other = ShareTokenSecret(Array("another secret, 32 bytes long!!!".utf8))
        // A share token over the same text, under the same server secret: the session's key is derived apart.
        let shareToken = ShareToken(shareID: "0123456789ab", expiresAt: expiry, secret: Self.secret)
        let forged = [
            "ffffffffffff.\(parts[1]).\(parts[2])",
            "\(parts[0]).\(Int(parts[1])! + 86400).\(parts[2])",
            "\(parts[0]).\(parts[1]).\(String(parts[2].reversed()))",
            "\(parts[0]).\(parts[1]).",
            "\(parts[0]).\(parts[1])",
            DashboardSession(keyID: "0123456789ab", expiresAt: expiry).value(secret: other),
            shareToken.description,
            "", "...", value + ".x", "0123456789AB.\(parts[1]).\(parts[2])",
        ]
        for text in forged {
            #expect(DashboardSession.verify(text, secret: Self.secret, now: Self.now) == nil, "\(text)")
        }
    }

    @Test("Set-Cookie is HttpOnly, SameSite=Strict, Path=/, with Max-Age, and Secure only over TLS")
    func attributes() throws {
        let session = DashboardSession(keyID: "0123456789ab", expiresAt: Self.now.addingTimeInterval(DashboardSession.lifetime))
        let plain = session.setCookie(secret: Self.secret, now: Self.now, secure: false)
        #expect(plain.hasPrefix("glint_session=\(session.value(secret: Self.secret));"))
        for attribute in ["Path=/", "Max-Age=43200", "HttpOnly", "SameSite=Strict"] { #expect(plain.contains("; \(attribute)"), "\(attribute)") }
        #expect(!plain.contains("Secure"))
        let secure = session.setCookie(secret: Self.secret, now: Self.now, secure: true)
        #expect(secure.hasPrefix("__Host-glint_session=") && secure.hasSuffix("; Secure"), "over TLS: a host-only name, Secure")
        #expect(DashboardSession.clearingCookie(secure: false).contains("Max-Age=0"))
    }

    @Test("the session cookie is found among the request's cookies")
    func cookieHeader() throws {
        var fields = HTTPFields()
        fields.append(HTTPField(name: .cookie, value: "theme=dark; glint_session=abc.123.def"))
        #expect(DashboardSession.cookieValue(in: fields, secure: false) == "abc.123.def")
        #expect(DashboardSession.cookieValue(in: fields, secure: true) == nil, "over TLS only the __Host- cookie counts")
        fields.append(HTTPField(name: .cookie, value: "__Host-glint_session=ghi.456.jkl"))
        #expect(DashboardSession.cookieValue(in: fields, secure: true) == "ghi.456.jkl")
        var none = HTTPFields()
        none.append(HTTPField(name: .cookie, value: "xglint_session=1; glint_sessionx=2"))
        #expect(DashboardSession.cookieValue(in: none, secure: false) == nil)
    }
}
