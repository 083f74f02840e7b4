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

    @Test("webhook signatures are HMAC-SHA256 over '<t>.<body>'")
    func webhookSignature() {
        let key = SymmetricKey(data: Data(repeating: 7, count: 32))
        let body = Data(#"{"id":"x"}"#.utf8)
        let signature = WebhookSignature(body: body, timestamp: 1_700_000_000, key: key)
        let expected = HMAC<SHA256>.authenticationCode(for: Data("1700000000.".utf8) + body, using: key)
        #expect(signature.header == "t=1700000000,v1=" + expected.map { String(format: "%02x", $0) }.joined())
    }
}
