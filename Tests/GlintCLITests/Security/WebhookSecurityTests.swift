import Crypto
import Foundation
import GlintTestSupport
import Testing

/// Webhooks against a real `glint serve`: callbacks into the server's own network are refused at
/// submission (every spelling of loopback), a redirect is not followed, each tenant's webhooks are
/// signed (Standard Webhooks) with its own key's secret, and a receiver that never answers delays
/// only its own tenant.
@Suite("security: webhooks", .suiteTimeLimit)
struct WebhookSecurityTests {
    @Test("callbacks to loopback, link-local metadata and user-info URLs are refused with 422 naming the rule")
    func literalCallbacksRefused() async throws {
        let receiver = try LoopbackWebhookReceiver()
        defer { receiver.stop() }
        let server = try await SecurityServer.start(["--no-workers", "--enable-test-kinds"])
        defer { server.remove() }
        let (alice, _) = try server.createKeyWithWebhookSecret(tenant: "alice")
        let port = receiver.port
        let attacks: [(String, String)] = [
            ("http://127.0.0.1:\(port)/", "loopback"), ("http://localhost:\(port)/", "localhost"),
            ("http://[::ffff:127.0.0.1]:\(port)/", "loopback"), ("http://2130706433:\(port)/", "loopback"),
            ("http://0x7f.1:\(port)/", "loopback"), ("http://[::1]:\(port)/", "loopback"), ("http://0.0.0.0:\(port)/", "unspecified"),
            ("http://169.254.169.254/latest/meta-data/iam/security-credentials/", "cloud metadata"),
            ("http://[fd00:ec2::254]/", "cloud metadata"), ("http://10.0.0.1/", "private"), ("http://user:pass@example.com/", "user information"),
        ]
        for (url, rule) in attacks {
            let response = try await server.submit(["kind": "queue.noop", "callbackURL": url], key: alice)
            #expect(response.status == 422, "\(url): \(response)")
            #expect((try? response.json()["type"] as? String)?.hasSuffix("callback-refused") == true, "\(url): \(response)")
            #expect(response.text.contains(rule), "\(url): \(response)")
        }
        #expect(receiver.received.isEmpty)
    }

    @Test("a 302 from an allowed receiver is not followed and the delivery is recorded failed")
    func redirectNotFollowed() async throws {
        let target = try LoopbackWebhookReceiver()
        defer { target.stop() }
        let redirecting = try LoopbackWebhookReceiver(
            status: 302, headers: ["Location": "http://127.0.0.1:\(target.port)/latest/meta-data/iam/security-credentials/"])
        defer { redirecting.stop() }
        let server = try await SecurityServer.start(
            ["--workers", "1", "--enable-test-kinds", "--allow-callback-networks", "127.0.0.0/8"], environment: ["GLINT_LOG_LEVEL": "info"])
        defer { server.remove() }
        let (alice, _) = try server.createKeyWithWebhookSecret(tenant: "alice")
        let id = try await server.submitNoop(callback: "http://127.0.0.1:\(redirecting.port)/hook", key: alice)
        try await Self.waitUntil("the redirecting receiver is called") { !redirecting.received.isEmpty }
        // The deliverer logs each attempt once it is recorded in the server store.
        let recorded = { server.logText.split(separator: "\n").first { $0.contains("webhook attempt") && $0.contains(id) } }
        try await Self.waitUntil("the attempt is recorded") { recorded() != nil }
        try await Task.sleep(for: .seconds(1))
        #expect(target.received.isEmpty, "the redirect was followed")
        #expect(recorded()?.contains("302") == true, "\(recorded() ?? "")")
    }

    @Test("each tenant's webhook verifies with its own key's secret and not with another tenant's")
    func signaturesPerTenant() async throws {
        let receiver = try LoopbackWebhookReceiver()
        defer { receiver.stop() }
        let server = try await SecurityServer.start(["--workers", "1", "--enable-test-kinds", "--allow-callback-networks", "127.0.0.0/8"])
        defer { server.remove() }
        let (alice, aliceSecret) = try server.createKeyWithWebhookSecret(tenant: "alice")
        let (_, bobSecret) = try server.createKeyWithWebhookSecret(tenant: "bob")
        _ = try await server.submitNoop(callback: "http://127.0.0.1:\(receiver.port)/hook", key: alice)
        try await Self.waitUntil("the webhook arrives") { !receiver.received.isEmpty }
        let request = try #require(receiver.received.first)
        #expect(request.headers["glint-signature"] == nil, "the server-wide signature is gone")
        let id = try #require(request.headers["webhook-id"])
        let timestamp = try #require(request.headers["webhook-timestamp"])
        let signature = try #require(request.headers["webhook-signature"])
        #expect(abs((Double(timestamp) ?? 0) - Date().timeIntervalSince1970) < 120)
        #expect(Self.verifies(signature, id: id, timestamp: timestamp, body: request.body, secret: aliceSecret))
        #expect(!Self.verifies(signature, id: id, timestamp: timestamp, body: request.body, secret: bobSecret))
    }

    @Test("glint keys update --rotate-webhook-secret shows a new secret once; both sign during the grace period")
    func rotation() async throws {
        let receiver = try LoopbackWebhookReceiver()
        defer { receiver.stop() }
        let server = try await SecurityServer.start(["--workers", "1", "--enable-test-kinds", "--allow-callback-networks", "127.0.0.0/8"])
        defer { server.remove() }
        let (alice, old) = try server.createKeyWithWebhookSecret(tenant: "alice")
        let rotated = try GlintProcess.run(
            ["keys", "update", String(alice.split(separator: "_")[1]), "--rotate-webhook-secret", "--json", "--data-dir", server.dataDirectory.path])
        try #require(rotated.succeeded, "\(rotated.summary)")
        let new = try #require(try rotated.jsonObject()["webhookSecret"] as? String)
        #expect(new != old && new.hasPrefix("whsec_"))
        let listed = try GlintProcess.run(["keys", "list", "--json", "--data-dir", server.dataDirectory.path])
        #expect(!listed.stdoutText.contains(new) && !listed.stdoutText.contains(old), "keys list shows a webhook secret")
        _ = try await server.submitNoop(callback: "http://127.0.0.1:\(receiver.port)/hook", key: alice)
        try await Self.waitUntil("the webhook arrives") { !receiver.received.isEmpty }
        let request = try #require(receiver.received.first)
        let signature = try #require(request.headers["webhook-signature"])
        let (id, timestamp) = (request.headers["webhook-id"] ?? "", request.headers["webhook-timestamp"] ?? "")
        #expect(signature.split(separator: " ").count == 2)
        #expect(Self.verifies(signature, id: id, timestamp: timestamp, body: request.body, secret: new))
        #expect(Self.verifies(signature, id: id, timestamp: timestamp, body: request.body, secret: old))
        #expect(!server.logText.contains(new.dropFirst(6)) && !server.logText.contains(old.dropFirst(6)), "a secret was logged")
    }

    @Test("six callbacks to a receiver that never answers do not delay another tenant's webhook")
    func deadReceiverDelaysOnlyItsTenant() async throws {
        let dead = try LoopbackWebhookReceiver(status: nil)
        defer { dead.stop() }
        let live = try LoopbackWebhookReceiver()
        defer { live.stop() }
        let server = try await SecurityServer.start(["--workers", "4", "--enable-test-kinds", "--allow-callback-networks", "127.0.0.0/8"])
        defer { server.remove() }
        let (alice, _) = try server.createKeyWithWebhookSecret(tenant: "alice")
        let (bob, _) = try server.createKeyWithWebhookSecret(tenant: "bob")
        for _ in 0..<6 { _ = try await server.submitNoop(callback: "http://127.0.0.1:\(dead.port)/hook", key: alice) }
        // The deliverer is now held by alice's dead receiver (as many attempts as her share allows).
        try await Self.waitUntil("alice's webhooks reach the dead receiver") { dead.received.count >= 4 }
        let started = ContinuousClock.now
        _ = try await server.submitNoop(callback: "http://127.0.0.1:\(live.port)/hook", key: bob)
        // Waiting behind one of alice's attempts would take its whole 10 s timeout; under that is
        // only submission, a worker's run and a delivery, however loaded the machine.
        try await Self.waitUntil("bob's webhook arrives", seconds: 9) { !live.received.isEmpty }
        #expect(ContinuousClock.now - started < .seconds(9), "bob's webhook waited behind alice's dead receiver")
    }

    /// Whether a Standard Webhooks `webhook-signature` header holds a v1 signature by `secret`
    /// (computed here from the specification, not with Glint's code).
    static func verifies(_ header: String, id: String, timestamp: String, body: Data, secret: String) -> Bool {
        guard secret.hasPrefix("whsec_"), let key = Data(base64Encoded: String(secret.dropFirst(6))) else { return false }
        let mac = HMAC<SHA256>.authenticationCode(for: Data("\(id).\(timestamp).".utf8) + body, using: SymmetricKey(data: key))
        return header.split(separator: " ").contains { $0 == "v1," + Data(mac).base64EncodedString() }
    }

    /// Polls `condition` every 50 ms; fails the test after `seconds`.
    static func waitUntil(
        _ what: String, seconds: Double = 60, sourceLocation: SourceLocation = #_sourceLocation, _ condition: () throws -> Bool
    ) async throws {
        let deadline = Date().addingTimeInterval(seconds)
        while try !condition() {
            guard Date() < deadline else {
                Issue.record("timed out waiting until \(what)", sourceLocation: sourceLocation)
                return
            }
            try await Task.sleep(for: .milliseconds(50))
        }
    }
}

extension SecurityServer {
    /// `glint keys create --json`: the key and its webhook signing secret (`whsec_...`).
    func createKeyWithWebhookSecret(tenant: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> (key: String, secret: String) {
        let created = try GlintProcess.run(["keys", "create", "--tenant", tenant, "--json", "--data-dir", dataDirectory.path])
        try #require(created.succeeded, "\(created.summary)", sourceLocation: sourceLocation)
        let document = try created.jsonObject()
        let key = try #require(document["key"] as? String, sourceLocation: sourceLocation)
        let secret = try #require(document["webhookSecret"] as? String, "\(document)", sourceLocation: sourceLocation)
        return (key, secret)
    }

    /// Submits a `queue.noop` job with `callback`; its id.
    func submitNoop(callback: String, key: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
        let response = try await submit(["kind": "queue.noop", "callbackURL": callback], key: key)
        try #require(response.status == 202, "\(response)", sourceLocation: sourceLocation)
        return try #require(try response.json()["id"] as? String, sourceLocation: sourceLocation)
    }
}
