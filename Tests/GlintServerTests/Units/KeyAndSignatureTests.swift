import Crypto
import Foundation
import GlintTestSupport
import Testing

@testable import GlintServer

@Suite("server: API keys, the server secret, webhook signatures", .suiteTimeLimit)
struct KeyAndSignatureTests {
    @Test("generated keys parse back, hash stably, and malformed keys are refused")
    func apiKeys() throws {
        let key = APIKey.generate()
        #expect(key.text.hasPrefix("glint_\(key.id)_"))
        #expect(key.id.count == 12)
        let parsed = try #require(APIKey(parsing: key.text))
        #expect(parsed.hash == key.hash)
        #expect(key.hash.count == 64)
        #expect(APIKey.generate().hash != key.hash)
        for bad in [
            "", "glint_", "glint_abc_def", "glint_ABCDEFABCDEF_" + String(repeating: "a", count: 32),
            "glint_abcdefabcdef_" + String(repeating: "a", count: 31), "other_abcdefabcdef_" + String(repeating: "a", count: 32),
            "glint_abcdefabcdef_" + String(repeating: "a", count: 31) + "!",
        ] {
            #expect(APIKey(parsing: bad) == nil, "\(bad)")
        }
        #expect(!key.description.contains(key.text.suffix(32)))
    }

    @Test("the server secret is created once, 32 bytes, mode 0600, and read back")
    func serverSecret() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("glint-secret-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try ServerSecret.loadOrCreate(in: directory)
        let second = try ServerSecret.loadOrCreate(in: directory)
        #expect(first == second)
        let attributes = try FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent("server-secret").path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect((attributes[.size] as? Int) == 32)
    }

    @Test("webhook signatures reproduce the Standard Webhooks specification's test vector")
    func webhookSignature() throws {
        let secret = try #require(WebhookSecret(text: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"))
        let body = Data(#"{"test": 2432232314}"#.utf8)
        let id = "msg_p5jXN8AQM9LWM0D4loKWxJek"
        let signature = WebhookSignature.sign(id: id, timestamp: 1_614_265_330, body: body, secret: secret)
        #expect(signature == "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=")
        #expect(WebhookSignature.verify(header: "v1,bm9wZQ== " + signature, id: id, timestamp: 1_614_265_330, body: body, secret: secret))
        #expect(!WebhookSignature.verify(header: signature, id: id, timestamp: 1_614_265_331, body: body, secret: secret))
    }
}
