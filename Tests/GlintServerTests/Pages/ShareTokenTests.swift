import Foundation
import GlintTestSupport
import Testing

@testable import GlintServer

@Suite("Share tokens", .suiteTimeLimit)
struct ShareTokenTests {
    let secret = ShareTokenSecret(Array("a secret of thirty-two bytes!!!!".utf8))
    let now = Date(timeIntervalSince1970: 1_700_000_000)

    @Test("a token signed with the secret checks as valid and names its share and expiry")
    func roundTrip() {
        let token = ShareToken(shareID: "sh_Abc-123", expiresAt: now.addingTimeInterval(60.7), secret: secret)
        let parts = token.description.split(separator: ".")
        #expect(parts.count == 3)
        #expect(parts[0] == "sh_Abc-123")
        #expect(parts[1] == "1700000060")
        guard case .valid(let checked) = ShareToken.check(token.description, secret: secret, now: now) else {
            Issue.record("not valid: \(token)")
            return
        }
        #expect(checked.shareID == "sh_Abc-123")
        #expect(checked.expiresAt == Date(timeIntervalSince1970: 1_700_000_060))
    }

    @Test("a genuine token past its expiry is expired, at the second it expires")
    func expiry() {
        let token = ShareToken(shareID: "s1", expiresAt: now, secret: secret).description
        #expect(ShareToken.check(token, secret: secret, now: now.addingTimeInterval(-1)) != .invalid)
        guard case .expired(let expired) = ShareToken.check(token, secret: secret, now: now) else {
            Issue.record("not expired")
            return
        }
        #expect(expired.shareID == "s1")
    }

    @Test("a changed expiry, share id or signature, or another secret, is invalid")
    func tampering() {
        let token = ShareToken(shareID: "s1", expiresAt: now.addingTimeInterval(60), secret: secret).description
        let parts = token.split(separator: ".").map(String.init)
        let longer = "\(parts[0]).\(Int(parts[1])! + 86_400).\(parts[2])"
        let otherShare = "s2.\(parts[1]).\(parts[2])"
        var signature = Array(parts[2])
        signature[0] = signature[0] == "A" ? "B" : "A"
        let otherSignature = "\(parts[0]).\(parts[1]).\(String(signature))"
        for forged in [longer, otherShare, otherSignature] {
            #expect(ShareToken.check(forged, secret: secret, now: now) == .invalid, "\(forged)")
        }
        let other = ShareTokenSecret(Array("another secret, also 32 bytes!!!".utf8))
        #expect(ShareToken.check(token, secret: other, now: now) == .invalid)
    }

    @Test(
        "malformed tokens are invalid",
        arguments: [
            "", "abc", "a.b", "a.1.", ".1.AAAA", "a.-5.AAAA", "a.12x.AAAA", "a.1.AA$A", "a.b.c.d",
            "<script>.1.AAAA", "a.b.1.AAAA", "a.1.AAAA",
        ])
    func malformed(_ text: String) {
        #expect(ShareToken.check(text, secret: secret, now: now) == .invalid)
    }
}
