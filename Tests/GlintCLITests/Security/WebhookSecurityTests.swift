import Crypto
import Foundation
import GlintCore
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
        _ = try await Waiting.within(.seconds(60), "the redirecting receiver to be called") { await redirecting.requests(1) }
        // The deliverer logs each attempt once it is recorded in the server store, after the
        // attempt's request (and any request it were to follow the redirect with) was answered.
        let recorded = try await Self.attemptLine(server, job: id)
        #expect(target.received.isEmpty, "the redirect was followed")
        #expect(recorded.contains("302"), "\(recorded)")
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
        let arrived = try await Waiting.within(.seconds(60), "the webhook to arrive") { await receiver.requests(1) }
        let request = try #require(arrived.first)
        #expect(request.headers["glint-signature"] == nil, "the server-wide signature is gone")
        let id = try #require(request.headers["webhook-id"])
        let timestamp = try #require(request.headers["webhook-timestamp"])
        let signature = try #require(request.headers["webhook-signature"])
        // The time of the attempt, by the server's clock: from the job's completion, which the body tells, to a while after.
        let job = try #require(try JSONSerialization.jsonObject(with: request.body) as? [String: Any], "\(request.body)")
        let completed = try #require((job["completedAt"] as? String).flatMap(Timestamp.date(from:)), "\(job)")
        let sent = try #require(Int64(timestamp), "webhook-timestamp \(timestamp) is whole seconds")
        #expect(Double(sent) >= completed.timeIntervalSince1970.rounded(.down), "\(timestamp) is before the job completed (\(completed))")
        #expect(Double(sent) < completed.timeIntervalSince1970 + 120, "\(timestamp) is not the time of sending (completed \(completed))")
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
        let arrived = try await Waiting.within(.seconds(60), "the webhook to arrive") { await receiver.requests(1) }
        let request = try #require(arrived.first)
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
        // Alice's attempts end only at a timeout no test run comes near, so that none of her slots
        // is freed (however slow the machine) before bob's webhook arrives, unless by bob's.
        let server = try await SecurityServer.start([
            "--workers", "4", "--enable-test-kinds", "--allow-callback-networks", "127.0.0.0/8", "--webhook-timeout-seconds", "3600",
        ])
        defer { server.remove() }
        let (alice, _) = try server.createKeyWithWebhookSecret(tenant: "alice")
        let (bob, _) = try server.createKeyWithWebhookSecret(tenant: "bob")
        var alicesJobs: [String] = []
        for _ in 0..<6 { alicesJobs.append(try await server.submitNoop(callback: "http://127.0.0.1:\(dead.port)/hook", key: alice)) }
        // The deliverer is now held by alice's dead receiver (as many attempts as her share allows).
        _ = try await Waiting.within(.seconds(60), "alice's webhooks to reach the dead receiver") { await dead.requests(4) }
        _ = try await server.submitNoop(callback: "http://127.0.0.1:\(live.port)/hook", key: bob)
        _ = try await Waiting.within(.seconds(60), "bob's webhook to arrive") { await live.requests(1) }
        // Each of alice's attempts ends (and is logged) only at the attempt timeout: a deliverer
        // that made bob wait behind one of them would have waited an hour for it.
        let ended = server.logText.split(separator: "\n").filter { line in
            line.contains("webhook attempt") && alicesJobs.contains { line.contains($0) }
        }
        #expect(ended.isEmpty, "bob's webhook waited behind alice's dead receiver: \(ended)")
        #expect(dead.received.count == 4, "no slot of alice's was freed before bob's webhook arrived")
    }

    /// Whether a Standard Webhooks `webhook-signature` header holds a v1 signature by `secret`
    /// (computed here from the specification, not with Glint's code).
    static func verifies(_ header: String, id: String, timestamp: String, body: Data, secret: String) -> Bool {
        guard secret.hasPrefix("whsec_"), let key = Data(base64Encoded: String(secret.dropFirst(6))) else { return false }
        let mac = HMAC<SHA256>.authenticationCode(for: Data("\(id).\(timestamp).".utf8) + body, using: SymmetricKey(data: key))
        return header.split(separator: " ").contains { $0 == "v1," + Data(mac).base64EncodedString() }
    }

    /// The server's log line for the first recorded webhook attempt of `job`, as soon as it is printed.
    static func attemptLine(_ server: SecurityServer, job: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
        let output = server.process.output
        let line = try await Waiting.within(.seconds(60), "the webhook attempt of \(job) to be recorded") {
            await output.line { $0.contains("webhook attempt") && $0.contains(job) }
        }
        return try #require(line, "serve ended without recording the attempt: \(server.logText.suffix(2000))", sourceLocation: sourceLocation)
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
