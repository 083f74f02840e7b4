import Foundation
import GlintTestSupport
import Testing

@testable import GlintServer

/// Found by the ShareToken fuzzer: Foundation's base64 decoder ignores the two unused low bits of
/// a 32-byte signature's last character, so a share link or session cookie with that character
/// changed (`A` to `B`, `C` or `D`) still checked as genuine. A signed token has one spelling.
@Suite("Signed tokens have one spelling", .suiteTimeLimit)
struct SignedTokenSpellingTests {
    let secret = ShareTokenSecret(Array("a secret of thirty-two bytes!!!!".utf8))
    let now = Date(timeIntervalSince1970: 1_700_000_000)

    /// `text` with its last character moved by 1, 2 and 3 in the base64url alphabet (the same
    /// four leading bits, other unused bits).
    static func respelledLastCharacter(_ text: String) -> [String] {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        let index = alphabet.firstIndex(of: text.last!)!
        return (1...3).map { String(text.dropLast()) + String(alphabet[(index & ~3) + (index + $0) % 4]) }
    }

    @Test("a share token whose signature's last character differs only in unused bits is invalid")
    func shareTokenSignatureBits() {
        let token = ShareToken(shareID: "sh_1", expiresAt: now.addingTimeInterval(600), secret: secret).description
        #expect(ShareToken.check(token, secret: secret, now: now) != .invalid)
        for respelled in Self.respelledLastCharacter(token) {
            #expect(ShareToken.check(respelled, secret: secret, now: now) == .invalid, "\(respelled)")
        }
    }

    @Test("a share token whose expiry has a sign or a leading zero is invalid")
    func shareTokenExpirySpelling() {
        let parts = ShareToken(shareID: "sh_1", expiresAt: now.addingTimeInterval(600), secret: secret).description.split(separator: ".")
        for expiry in ["+\(parts[1])", "0\(parts[1])", "00\(parts[1])"] {
            #expect(ShareToken.check("\(parts[0]).\(expiry).\(parts[2])", secret: secret, now: now) == .invalid, "\(expiry)")
        }
    }

    @Test("a session cookie whose signature's last character differs only in unused bits is refused")
    func sessionSignatureBits() {
        let value = DashboardSession(keyID: "0123456789ab", expiresAt: now.addingTimeInterval(600)).value(secret: secret)
        #expect(DashboardSession.verify(value, secret: secret, now: now) != nil)
        for respelled in Self.respelledLastCharacter(value) {
            #expect(DashboardSession.verify(respelled, secret: secret, now: now) == nil, "\(respelled)")
        }
        let parts = value.split(separator: ".")
        #expect(DashboardSession.verify("\(parts[0]).0\(parts[1]).\(parts[2])", secret: secret, now: now) == nil)
    }

    @Test("base64url reads only the spelling it writes")
    func base64Canonical() {
        let data = Data((0..<32).map { UInt8($0) })
        let text = Base64URL.encode(data)
        #expect(Base64URL.decode(text) == data)
        for respelled in Self.respelledLastCharacter(text) { #expect(Base64URL.decode(respelled) == nil, "\(respelled)") }
        #expect(Base64URL.decode("") == Data())
    }
}
