import Foundation
import GlintCore
import GlintQueue
import GlintTestSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Synchronization
import Testing

@testable import GlintServer

/// Webhooks to a local receiver: signed per Standard Webhooks with the submitting key's secret,
/// retried after attempt² seconds, every attempt recorded, given up after 8; an attempt without an
/// answer ends at its timeout. The server's clock is a manual one the tests move: no sleeps.
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
        try await Self.withFinishedJob(receiver: receiver) { harness, id in
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

    /// Runs `body` once a `queue.noop` job with callback `url` (`receiver`'s hook when nil) has
    /// finished (served with one worker slot until then) and the server has stopped: the
    /// deliverers the test makes are all that run, on the harness's `clock`.
    static func withFinishedJob(
        receiver: Receiver, url: String? = nil, clock: (any WallClock)? = nil,
        _ body: @escaping @Sendable (ServerHarness, String) async throws -> Void
    ) async throws {
        try await receiver.application().test(.live) { receiverClient in
            let hook = url ?? "http://127.0.0.1:\(receiverClient.port!)/hook"
            try await ServerHarness.with(clock: clock) { harness in
                let id = try await harness.serve(workers: 1) { client in
                    let id = try await client.submit(#"{"kind": "queue.noop", "callbackURL": "\#(hook)"}"#, key: harness.alice)["id"] as! String
                    _ = try await client.waitUntilFinished(id, key: harness.alice)
                    return id
                }
                try await body(harness, id)
            }
        }
    }

    /// The attempts at `job` among `deliveries`.
    static func attempts(of job: JobID, in deliveries: [WebhookDelivery]) -> [Int] { deliveries.filter { $0.job == job }.map(\.attempt) }

    @Test("a finished job's document is POSTed signed; failures are retried after attempt² s; every attempt is recorded")
    func deliveredAfterRetries() async throws {
        let receiver = Receiver()
        let clock = ManualWallClock()
        try await Self.withFinishedJob(receiver: receiver, clock: clock) { harness, id in
            let deliverer = WebhookDeliverer(server: harness.server, logger: ServerHarness.quietLogger)
            let jobID = JobID(id)!
            let start = clock.now()
            #expect(Self.attempts(of: jobID, in: try await deliverer.deliverDue()) == [1])
            #expect(Self.attempts(of: jobID, in: try await deliverer.deliverDue()) == [])  // not due again yet
            clock.set(start.addingTimeInterval(1))  // 1² s after the first attempt
            #expect(Self.attempts(of: jobID, in: try await deliverer.deliverDue()) == [2])
            clock.set(start.addingTimeInterval(1 + 4 - 0.1))
            #expect(Self.attempts(of: jobID, in: try await deliverer.deliverDue()) == [])
            clock.set(start.addingTimeInterval(1 + 4))  // 2² s after the second
            #expect(Self.attempts(of: jobID, in: try await deliverer.deliverDue()) == [3])

            let deliveries = try await harness.server.store.deliveries(job: jobID)
            #expect(deliveries.map(\.statusCode) == [500, 500, 204])
            #expect(deliveries.map(\.delivered) == [false, false, true])
            #expect(deliveries.map(\.at) == [start, start.addingTimeInterval(1), start.addingTimeInterval(5)])
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
            #expect(timestamp == Int64(start.addingTimeInterval(5).timeIntervalSince1970), "stamped with the server's clock")
            let signature = try #require(last.headers["webhook-signature"])
            let vault = harness.server.webhookSecrets
            let alice = try await harness.server.store.signingSecrets(key: APIKey(parsing: harness.alice)!.id, vault: vault, at: clock.now())
            let bob = try await harness.server.store.signingSecrets(key: APIKey(parsing: harness.bob)!.id, vault: vault, at: clock.now())
            #expect(WebhookSignature.verify(header: signature, id: id, timestamp: timestamp, body: last.body, secret: alice[0]))
            #expect(!WebhookSignature.verify(header: signature, id: id, timestamp: timestamp, body: last.body, secret: bob[0]))
        }
    }

    @Test("an attempt that gets no answer ends at its timeout; the unreachable receiver is tried 8 times in all, then given up")
    func unreachableGivenUp() async throws {
        let clock = ManualWallClock()
        // Nothing listens on port 9: the HTTP client tries to connect again and again until the attempt's timeout.
        try await Self.withFinishedJob(receiver: Receiver(), url: "http://127.0.0.1:9/closed", clock: clock) { harness, id in
            let jobID = JobID(id)!
            let deliverer = WebhookDeliverer(server: harness.server, attemptTimeout: .seconds(10), logger: ServerHarness.quietLogger)
            try #require(clock.sleeperCount == 0, "nothing else waits on the clock once the server has stopped")
            for attempt in 1...WebhookDeliverer.maxAttempts {
                let pass = Task { try await deliverer.deliverDue() }
                // The attempt's timeout is the one sleeper on the clock: once it waits, move the clock past it.
                try await Waiting.within(.seconds(60), "attempt \(attempt) to wait for its answer") { await clock.sleepers(1) }
                clock.advance(by: .seconds(10))
                let made = try await Waiting.within(.seconds(60), "attempt \(attempt) to end at its timeout") { try await pass.value }
                #expect(Self.attempts(of: jobID, in: made) == [attempt])
                let callback = try #require(try await harness.server.store.callback(job: jobID))
                guard attempt < WebhookDeliverer.maxAttempts else {
                    #expect(callback.nextAttemptAt == nil, "given up after \(attempt) attempts")
                    break
                }
                // Tried again attempt² s after the attempt began.
                let began = try #require(made.first?.at)
                #expect(callback.nextAttemptAt == began.addingTimeInterval(Double(attempt * attempt)), "after attempt \(attempt)")
                clock.set(max(clock.now(), callback.nextAttemptAt ?? clock.now()))
            }
            clock.advance(by: .seconds(3600))
            #expect(try await deliverer.deliverDue().isEmpty, "no attempt after the last")
            let failed = try await harness.server.store.deliveries(job: jobID)
            #expect(failed.map(\.attempt) == Array(1...8))
            #expect(failed.allSatisfy { !$0.delivered && $0.statusCode == nil && $0.error?.contains("no answer") == true }, "\(failed)")
        }
    }
}
