import Foundation
import GlintQueue
import GlintTestSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Synchronization
import Testing

@testable import GlintServer

/// The egress policy at delivery: a name is resolved once and the connection goes to the checked
/// address; a name that resolves inside is refused and recorded; a redirect is not followed.
@Suite("server: webhook egress", .suiteTimeLimit)
struct WebhookEgressTests {
    /// A resolver with fixed answers (the tests have no DNS).
    struct FixedResolver: HostResolver {
        let answers: [String: [String]]
        func addresses(of host: String) async throws -> [IPAddress] {
            guard let found = answers[host.lowercased()] else { throw HostResolutionError(host: host, reason: "not in the test's table") }
            return found.compactMap { IPAddress($0) }
        }
    }

    /// A receiver: counts requests (and their Host headers) and answers with `answer`.
    final class Receiver: Sendable {
        let hosts = Mutex<[String]>([])
        let answer: @Sendable () -> Response

        init(answer: @escaping @Sendable () -> Response = { Response(status: .noContent) }) { self.answer = answer }

        func application() -> some ApplicationProtocol {
            let router = Router()
            router.post("{path}") { request, _ -> Response in
                self.hosts.withLock { $0.append(request.head.authority ?? "") }
                return self.answer()
            }
            return Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)), logger: ServerHarness.quietLogger)
        }
    }

    /// Runs `body` once a `queue.noop` job with callback `url` has finished (`PORT` in it: the receiver's port).
    static func withFinishedJob(
        receiver: Receiver, url: String,
        _ body: @escaping @Sendable (ServerHarness, JobID) async throws -> Void
    ) async throws {
        try await receiver.application().test(.live) { receiverClient in
            let callback = url.replacingOccurrences(of: "PORT", with: String(receiverClient.port!))
            try await ServerHarness.with { harness in
                try await harness.serve(workers: 1) { client in
                    let id = try await client.submit(#"{"kind": "queue.noop", "callbackURL": "\#(callback)"}"#, key: harness.alice)["id"] as! String
                    _ = try await client.waitUntilFinished(id, key: harness.alice)
                    try await body(harness, JobID(id)!)
                }
            }
        }
    }

    @Test("a name is resolved once and the connection goes to the address that was checked (Host stays the name)")
    func connectsToCheckedAddress() async throws {
        let receiver = Receiver()
        try await Self.withFinishedJob(receiver: receiver, url: "http://Hooks.Glint-Test.invalid:PORT/hook") { harness, job in
            var server = harness.server
            // .invalid never resolves (RFC 6761): only the checked address can have been used.
            server.egress = EgressClient(
                policy: EgressPolicy(allowedNetworks: [try IPNetwork("127.0.0.0/8")]),
                resolver: FixedResolver(answers: ["hooks.glint-test.invalid": ["127.0.0.1"]]))
            let made = try await WebhookDeliverer(server: server, logger: ServerHarness.quietLogger).deliverDue()
            #expect(made.map(\.delivered) == [true], "\(made)")
            #expect(receiver.hosts.withLock { $0.count } == 1)
            #expect(receiver.hosts.withLock { $0.first ?? "" }.lowercased().hasPrefix("hooks.glint-test.invalid"))
            #expect(try await harness.server.store.callback(job: job)?.deliveredAt != nil)
        }
    }

    @Test("a public-looking name that resolves to loopback is refused at delivery, recorded naming the rule, and not retried")
    func refusesNameResolvingInside() async throws {
        let receiver = Receiver()
        try await Self.withFinishedJob(receiver: receiver, url: "http://innocent.example.com:PORT/hook") { harness, job in
            var server = harness.server
            server.egress = EgressClient(resolver: FixedResolver(answers: ["innocent.example.com": ["93.184.216.34", "127.0.0.1"]]))
            let made = try await WebhookDeliverer(server: server, logger: ServerHarness.quietLogger).deliverDue()
            #expect(made.count == 1)
            let deliveries = try await harness.server.store.deliveries(job: job)
            #expect(deliveries.count == 1)
            #expect(deliveries.first?.delivered == false)
            #expect(deliveries.first?.statusCode == nil)
            #expect(deliveries.first?.error?.contains("loopback") == true, "\(deliveries)")
            #expect(deliveries.first?.error?.contains("127.0.0.1") == true)
            #expect(try await harness.server.store.callback(job: job)?.nextAttemptAt == nil)
            #expect(receiver.hosts.withLock { $0.isEmpty })
        }
    }

    @Test("a 302 is a failed delivery recorded with its status; the redirect is not followed")
    func doesNotFollowRedirects() async throws {
        let target = Receiver()
        try await target.application().test(.live) { targetClient in
            let location = "http://127.0.0.1:\(targetClient.port!)/latest/meta-data/iam/security-credentials/"
            let redirecting = Receiver(answer: { Response(status: .found, headers: [.location: location]) })
            try await Self.withFinishedJob(receiver: redirecting, url: "http://127.0.0.1:PORT/hook") { harness, job in
                let made = try await WebhookDeliverer(server: harness.server, logger: ServerHarness.quietLogger).deliverDue()
                #expect(made.map(\.statusCode) == [302])
                let deliveries = try await harness.server.store.deliveries(job: job)
                #expect(deliveries.map(\.delivered) == [false])
                #expect(deliveries.first?.error?.contains("redirect") == true)
                #expect(redirecting.hosts.withLock { $0.count } == 1)
                #expect(target.hosts.withLock { $0.isEmpty })
            }
        }
    }
}
