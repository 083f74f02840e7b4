import Crypto
import Foundation
@testable import GlintServer
import Testing

@Suite("server: keys, share tokens, webhook signatures, byte ranges")
struct TokenAndRangeTests {
    @Test("generated keys parse back, hash stably, and malformed keys are refused")
    func apiKeys() throws {
        let key = APIKey.generate()
        #expect(key.text.hasPrefix("glint_\(key.id)_"))
        #expect(key.id.count == 12)
        let parsed = try #require(APIKey(parsing: key.text))
        #expect(parsed.hash == key.hash)
        #expect(key.hash.count == 64)
        #expect(APIKey.generate().hash != key.hash)
        for bad in ["", "glint_", "glint_abc_def", "glint_ABCDEFABCDEF_" + String(repeating: "a", count: 32),
                    "glint_abcdefabcdef_" + String(repeating: "a", count: 31), "other_abcdefabcdef_" + String(repeating: "a", count: 32),
                    "glint_abcdefabcdef_" + String(repeating: "a", count: 31) + "!"] {
            #expect(APIKey(parsing: bad) == nil, "\(bad)")
        }
        #expect(!key.description.contains(key.text.suffix(32)))
    }

    @Test("share tokens verify with their secret only, and any change breaks them")
    func shareTokens() throws {
        let secret = SymmetricKey(size: .bits256)
        let expiry = Date(timeIntervalSince1970: 1_900_000_000)
        let token = ShareToken(shareID: "abc123", expiresAt: expiry, secret: secret)
        #expect(token.text.hasPrefix("abc123.1900000000."))
        let verified = try #require(ShareToken(verifying: token.text, secret: secret))
        #expect(verified.shareID == "abc123")
        #expect(verified.expiresAt == expiry)
        #expect(ShareToken(verifying: token.text, secret: SymmetricKey(size: .bits256)) == nil)
        #expect(ShareToken(verifying: token.text.replacingOccurrences(of: "1900000000", with: "1900000001"), secret: secret) == nil)
        #expect(ShareToken(verifying: token.text.replacingOccurrences(of: "abc123", with: "abc124"), secret: secret) == nil)
        #expect(ShareToken(verifying: "abc123.1900000000", secret: secret) == nil)
        #expect(!token.text.contains("=") && !token.text.contains("+") && !token.text.contains("/"))
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

    @Test("Range headers resolve to the whole file, a slice, or unsatisfiable", arguments: [
        ("bytes=0-9", ByteRange.partial(0...9)), ("bytes=90-", .partial(90...99)), ("bytes=-10", .partial(90...99)),
        ("bytes=95-200", .partial(95...99)), ("bytes=-500", .partial(0...99)), ("bytes=100-", .unsatisfiable),
        ("bytes=-0", .unsatisfiable), ("bytes=5-2", .whole), ("bytes=0-1,5-6", .whole), ("items=0-1", .whole), ("bytes=x-y", .whole),
    ])
    func ranges(_ header: String, _ expected: ByteRange) {
        #expect(ByteRange(header: header, size: 100) == expected)
    }
}
