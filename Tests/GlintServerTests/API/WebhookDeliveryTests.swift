import Foundation
import GlintQueue
import GlintTestSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Synchronization
import Testing

@testable import GlintServer

/// Webhooks to a local receiver: signed per Standard Webhooks with the submitting key's secret,
/// retried after attempt² seconds (a manual clock, no sleeps), every attempt recorded, given up after 8.
@Suite("server: webhooks", .suiteTimeLimit)
struct WebhookDeliveryTests {
    /// What the receiver saw, and how many failures it answers with before accepting.
    final class Receiver: Sendable {
        let received = Mutex<[(headers: [String: String], body: Data)]>([])
        let failuresLeft = Mutex(2)

        func application() -> some ApplicationProtocol {
            let router = Router()
            router.post("hook") { request, _ -> Response in
                var request = request
                let body = try await request.collectBody(upTo: 1 << 20)
                var headers: [String: String] = [:]
                for field in request.headers { headers[field.name.canonicalName] = field.value }
                self.received.withLock { $0.append((headers, Data(buffer: body))) }
                let fail = self.failuresLeft.withLock { left in
                    defer { left -= 1 }
                    return left > 0
                }
                return Response(status: fail ? .internalServerError : .noContent)
            }
            return Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)), logger: ServerHarness.quietLogger)
        }
    }

    @Test("two API nodes over one store: a finished job's webhook is POSTed once, not once per node")
    func oncePerCallbackAcrossNodes() async throws {
        let receiver = Receiver()
        receiver.failuresLeft.withLock { $0 = 0 }
        try await Self.withFinishedJob(receiver: receiver) { harness, _, id in
            let nodes = (0..<4).map { _ in WebhookDeliverer(server: harness.server, logger: ServerHarness.quietLogger) }
            let made = try await withThrowingTaskGroup(of: Int.self) { group in
                for node in nodes { group.addTask { try await node.deliverDue().count } }
                return try await group.reduce(0, +)
            }
            #expect(made == 1)
            #expect(receiver.received.withLock { $0.count } == 1)
            #expect(try await harness.server.store.deliveries(job: JobID(id)!).map(\.attempt) == [1])
        }
    }

    /// Runs `body` once a `queue.noop` job with `receiver`'s hook as its callback has finished
    /// (served with one worker slot; no webhook deliverer runs but the test's).
    static func withFinishedJob(
        receiver: Receiver, _ body: @escaping @Sendable (ServerHarness, any TestClientProtocol, String) async throws -> Void
    ) async throws {
        try await receiver.application().test(.live) { receiverClient in
            let hook = "http://127.0.0.1:\(receiverClient.port!)/hook"
            try await ServerHarness.with { harness in
                try await harness.serve(workers: 1) { client in
                    let id = try await client.submit(#"{"kind": "queue.noop", "callbackURL": "\#(hook)"}"#, key: harness.alice)["id"] as! String
                    _ = try await client.waitUntilFinished(id, key: harness.alice)
                    try await body(harness, client, id)
                }
            }
        }
    }

    final class ManualClock: Sendable {
        let now: Mutex<Date>
        init(_ date: Date) { now = Mutex(date) }
        func advance(_ seconds: Double) { now.withLock { $0 = $0.addingTimeInterval(seconds) } }
        var date: Date { now.withLock { $0 } }
    }

    @Test("a finished job's document is POSTed signed; failures are retried after attempt² s; every attempt is recorded")
    func deliveredAfterRetries() async throws {
        let receiver = Receiver()
        try await Self.withFinishedJob(receiver: receiver) { harness, client, id in
            let clock = ManualClock(Date().addingTimeInterval(1))
            var server = harness.server
            server.clock = { clock.date }
            let deliverer = WebhookDeliverer(server: server, logger: ServerHarness.quietLogger)
            let jobID = JobID(id)!

            func attemptsOf(_ job: JobID, in deliveries: [WebhookDelivery]) -> [Int] { deliveries.filter { $0.job == job }.map(\.attempt) }
            #expect(attemptsOf(jobID, in: try await deliverer.deliverDue()) == [1])
            #expect(attemptsOf(jobID, in: try await deliverer.deliverDue()) == [])  // not due again yet
            clock.advance(1)
            #expect(attemptsOf(jobID, in: try await deliverer.deliverDue()) == [2])
            clock.advance(3.9)
            #expect(attemptsOf(jobID, in: try await deliverer.deliverDue()) == [])
            clock.advance(0.1)
            #expect(attemptsOf(jobID, in: try await deliverer.deliverDue()) == [3])

            let deliveries = try await harness.server.store.deliveries(job: jobID)
            #expect(deliveries.map(\.statusCode) == [500, 500, 204])
            #expect(deliveries.map(\.delivered) == [false, false, true])
            #expect(try await harness.server.store.callback(job: jobID)?.deliveredAt != nil)

            let received = receiver.received.withLock { $0 }
            #expect(received.count == 3)
            let last = try #require(received.last)
            let document = try #require(try JSONSerialization.jsonObject(with: last.body) as? [String: Any])
            #expect(document["id"] as? String == id)
            #expect(document["state"] as? String == "completed")
            // Standard Webhooks: the same webhook-id on every attempt, a v1 HMAC by alice's key's
            // secret over "<id>.<timestamp>.<body>", which bob's secret does not verify.
            #expect(Set(received.map { $0.headers["webhook-id"] }).count == 1)
            #expect(last.headers["glint-signature"] == nil)
            let id = try #require(last.headers["webhook-id"])
            let timestamp = try #require(last.headers["webhook-timestamp"].flatMap { Int64($0) })
            let signature = try #require(last.headers["webhook-signature"])
            let vault = harness.server.webhookSecrets
            let alice = try await harness.server.store.signingSecrets(key: APIKey(parsing: harness.alice)!.id, vault: vault, at: Date())
            let bob = try await harness.server.store.signingSecrets(key: APIKey(parsing: harness.bob)!.id, vault: vault, at: Date())
            #expect(WebhookSignature.verify(header: signature, id: id, timestamp: timestamp, body: last.body, secret: alice[0]))
            #expect(!WebhookSignature.verify(header: signature, id: id, timestamp: timestamp, body: last.body, secret: bob[0]))

            let unreachable =
                try await client.submit(#"{"kind": "queue.noop", "callbackURL": "http://127.0.0.1:9/closed"}"#, key: harness.alice)["id"] as! String
            _ = try await client.waitUntilFinished(unreachable, key: harness.alice)
            let unreachableID = JobID(unreachable)!
            // The unreachable receiver: 8 attempts in all, then given up (a short attempt timeout:
            // the HTTP client retries a refused connection until the attempt's deadline).
            let impatient = WebhookDeliverer(server: server, attemptTimeout: .milliseconds(100), logger: ServerHarness.quietLogger)
            for _ in 0..<20 {
                clock.advance(100)
                try await impatient.deliverDue()
            }
            let failed = try await harness.server.store.deliveries(job: unreachableID)
            #expect(failed.map(\.attempt) == Array(1...8))
            #expect(failed.allSatisfy { !$0.delivered && $0.statusCode == nil && $0.error != nil })
            #expect(try await harness.server.store.callback(job: unreachableID)?.nextAttemptAt == nil)
        }
    }
}
