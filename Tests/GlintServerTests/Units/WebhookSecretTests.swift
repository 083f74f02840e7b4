import Crypto
import Foundation
import GlintTestSupport
import Testing

@testable import GlintServer

/// Per-key webhook secrets: their `whsec_` form, sealed at rest with a key derived from the
/// server secret, and rotation with a grace period during which both sign.
@Suite("server: webhook secrets", .suiteTimeLimit)
struct WebhookSecretTests {
    @Test("secrets are 32 random bytes as whsec_<base64>, parse back, and never print")
    func secretForm() throws {
        let secret = WebhookSecret.generate()
        #expect(secret.bytes.count == 32)
        #expect(secret.text.hasPrefix("whsec_"))
        #expect(WebhookSecret(text: secret.text) == secret)
        #expect(WebhookSecret.generate() != secret)
        #expect(!"\(secret)".contains(secret.text.dropFirst(6)))
        for bad in ["", "whsec_", "MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "whsec_c2hvcnQ=", "whsec_not base64!"] {
            #expect(WebhookSecret(text: bad) == nil, "\(bad)")
        }
    }

    @Test("sealed secrets hold no plain text, open only for their key id and server secret")
    func sealing() throws {
        let vault = WebhookSecretVault(serverSecret: SymmetricKey(size: .bits256))
        let secret = WebhookSecret.generate()
        let sealed = try vault.seal(secret, keyID: "aaaaaaaaaaaa")
        #expect(!sealed.contains(Data(secret.bytes).base64EncodedString()))
        #expect(try vault.open(sealed, keyID: "aaaaaaaaaaaa") == secret)
        #expect(throws: WebhookSecretVaultError.self) { try vault.open(sealed, keyID: "bbbbbbbbbbbb") }
        #expect(throws: WebhookSecretVaultError.self) {
            try WebhookSecretVault(serverSecret: SymmetricKey(size: .bits256)).open(sealed, keyID: "aaaaaaaaaaaa")
        }
        #expect(try vault.seal(secret, keyID: "aaaaaaaaaaaa") != sealed)  // a fresh nonce each time
    }

    @Test("a rotated secret keeps signing beside the new one for the grace period, then stops")
    func rotation() throws {
        let vault = WebhookSecretVault(serverSecret: SymmetricKey(size: .bits256))
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let (first, record) = try vault.rotate(keyID: "k", current: nil, now: now)
        #expect(try vault.signingSecrets(record, at: now) == [first])
        let (second, rotated) = try vault.rotate(keyID: "k", current: record, now: now)
        #expect(try vault.signingSecrets(rotated, at: now.addingTimeInterval(3600)) == [second, first])
        #expect(try vault.signingSecrets(rotated, at: now.addingTimeInterval(WebhookSecretVault.rotationGracePeriod)) == [second])
        let header = WebhookSignature.header(id: "msg_1", timestamp: 1, body: Data("{}".utf8), secrets: [second, first])
        #expect(header.split(separator: " ").count == 2)
        #expect(WebhookSignature.verify(header: header, id: "msg_1", timestamp: 1, body: Data("{}".utf8), secret: first))
        #expect(WebhookSignature.verify(header: header, id: "msg_1", timestamp: 1, body: Data("{}".utf8), secret: second))
        #expect(!WebhookSignature.verify(header: header, id: "msg_1", timestamp: 1, body: Data("{}".utf8), secret: .generate()))
    }
}
