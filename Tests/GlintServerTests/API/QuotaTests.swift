import Foundation
import GlintCore
import GlintQueue
import GlintTestSupport
import HTTPTypes
import HummingbirdTesting
import Testing

@testable import GlintServer

/// The limits held by API keys (`KeyLimits`): requests per second with a burst, jobs queued,
/// bytes stored; each over its limit a 429 problem naming the limit, with `Retry-After`, and the
/// server's defaults for keys that set none.
@Suite("server: key limits and quotas", .suiteTimeLimit)
struct QuotaTests {
    /// A 429 of `slug` naming `limit`, with a positive `Retry-After`.
    static func expectRefused(_ response: TestResponse, _ slug: String, limit: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(response.status == .tooManyRequests, "\(String(buffer: response.body))", sourceLocation: sourceLocation)
        #expect(response.problemSlug == slug, sourceLocation: sourceLocation)
        #expect((try? response.json()["limit"] as? String) == limit, sourceLocation: sourceLocation)
        #expect(Int(response.headers[.retryAfter] ?? "").map { $0 >= 1 } == true, sourceLocation: sourceLocation)
    }

    /// A `queue.noop` into a queue no worker serves: it stays queued.
    static let parkedJob = #"{"kind": "queue.noop", "queue": "parked"}"#

    @Test("requests over a key's rate and burst are 429 rate-limited with Retry-After; the bucket refills at the rate; other keys are not held back")
    func rateLimited() async throws {
        let clock = ManualWallClock()
        try await ServerHarness.with(clock: clock) { harness in
            let limited = try await ServerHarness.makeKey(harness.server.store, tenant: "alice", limits: KeyLimits(rate: 0.01, burst: 3))
            try await harness.serve { client in
                for _ in 0..<3 { #expect(try await client.call(.get, "/v1/jobs", key: limited).status == .ok) }
                let refused = try await client.call(.get, "/v1/jobs", key: limited)
                Self.expectRefused(refused, "rate-limited", limit: "rate")
                // One token comes every 100 s at 0.01/s (no time passed on the server's clock).
                #expect(refused.headers[.retryAfter] == "100", "\(refused.headers)")
                for _ in 0..<5 { #expect(try await client.call(.get, "/v1/jobs", key: harness.alice).status == .ok) }
                // An unauthenticated request is 401, not counted against anyone.
                #expect(try await client.call(.get, "/v1/jobs", key: nil).status == .unauthorized)
                // 60 s on, 40 s are left until the token; at 100 s there is one, and one only.
                clock.advance(by: .seconds(60))
                Self.expectRefused(try await client.call(.get, "/v1/jobs", key: limited), "rate-limited", limit: "rate")
                clock.advance(by: .seconds(40))
                #expect(try await client.call(.get, "/v1/jobs", key: limited).status == .ok)
                let again = try await client.call(.get, "/v1/jobs", key: limited)
                Self.expectRefused(again, "rate-limited", limit: "rate")
                #expect(again.headers[.retryAfter] == "100", "\(again.headers)")
            }
        }
    }

    @Test("jobs over a key's max-queued are 429 quota-exceeded, singly and in batches; another tenant is not affected")
    func maxQueued() async throws {
        try await ServerHarness.with { harness in
            let limited = try await ServerHarness.makeKey(harness.server.store, tenant: "alice", limits: KeyLimits(maxQueued: 2))
            try await harness.serve { client in
                for _ in 0..<2 { _ = try await client.submit(Self.parkedJob, key: limited) }
                let refused = try await client.call(.post, "/v1/jobs", key: limited, body: Self.parkedJob)
                Self.expectRefused(refused, "quota-exceeded", limit: "max-queued")
                #expect((try refused.json()["detail"] as? String ?? "").contains("2 jobs queued"))
                let batch = try await client.call(.post, "/v1/batches", key: limited, body: #"{"jobs": [\#(Self.parkedJob)]}"#)
                Self.expectRefused(batch, "quota-exceeded", limit: "max-queued")
                // Another key of the same tenant with no limit of its own, and another tenant, go on.
                _ = try await client.submit(Self.parkedJob, key: harness.alice)
                _ = try await client.submit(Self.parkedJob, key: harness.bob)
                // A cancelled job is no longer queued: room for one more.
                let listed = try await client.call(.get, "/v1/jobs?state=available&limit=1", key: limited).json()
                let first = try #require((listed["jobs"] as? [[String: Any]])?.first?["id"] as? String)
                #expect(try await client.call(.delete, "/v1/jobs/\(first)", key: limited).status == .ok)
                let fourth = try await client.call(.post, "/v1/jobs", key: limited, body: Self.parkedJob)
                Self.expectRefused(fourth, "quota-exceeded", limit: "max-queued")  // alice has 2 queued again (1 + the unlimited key's)
            }
        }
    }

    @Test("uploads and jobs over a key's max-storage-bytes are 429 quota-exceeded; the server's default applies to keys without one")
    func maxStorage() async throws {
        try await ServerHarness.with(defaultLimits: KeyLimits(maxStorageBytes: 1000)) { harness in
            try await harness.serve { client in
                _ = try await client.uploadID([UInt8](repeating: 1, count: 600), key: harness.alice)
                let over = try await client.upload([UInt8](repeating: 2, count: 600), key: harness.alice)
                Self.expectRefused(over, "quota-exceeded", limit: "max-storage-bytes")
                #expect(harness.temporaryBlobFiles().isEmpty, "a refused upload leaves nothing behind")
                _ = try await client.uploadID([UInt8](repeating: 3, count: 400), key: harness.alice)
                // At the limit: no more bytes, and no job (its outputs would be stored).
                Self.expectRefused(try await client.upload([4], key: harness.alice), "quota-exceeded", limit: "max-storage-bytes")
                Self.expectRefused(
                    try await client.call(.post, "/v1/jobs", key: harness.alice, body: Self.parkedJob), "quota-exceeded", limit: "max-storage-bytes")
                // Bob stores nothing yet.
                _ = try await client.uploadID([UInt8](repeating: 5, count: 900), key: harness.bob)
                #expect(try await harness.server.store.storedBytes(tenant: "alice") == 1000)
                #expect(try await harness.server.store.storedBytes(tenant: "bob") == 900)
            }
        }
    }

    @Test("a job's outputs count against its tenant's stored bytes once the tenant has them: an output downloaded, the job shared")
    func outputsCount() async throws {
        try await ServerHarness.with { harness in
            try await harness.serve(workers: 1) { client in
                var jobs: [Job] = []
                for move in [0.25, 0.5] {  // two different pictures (outputs are stored by content)
                    let rings = #"{"kind": "rings.render", "params": {"move": \#(move), "exercise": 0.75, "stand": 1, "size": 64}}"#
                    let id = try #require(JobID(try await client.submit(rings, key: harness.alice)["id"] as? String ?? ""))
                    jobs.append(try await Self.completed(id, tenant: "alice", in: harness))
                }
                let sizes = try jobs.map { job in try #require(job.outputs.values.first.flatMap { harness.server.blobs.size(of: $0) }) }
                #expect(try await harness.server.store.storedBytes(tenant: "alice") == 0, "nobody has read the outputs yet")
                let name = try #require(jobs[0].outputs.keys.first)
                for _ in 0..<2 {
                    #expect(try await client.call(.get, "/v1/jobs/\(jobs[0].id)/outputs/\(name)", key: harness.alice).status == .ok)
                    #expect(try await harness.server.store.storedBytes(tenant: "alice") == sizes[0], "counted once")
                }
                #expect(try await client.call(.post, "/v1/shares", key: harness.alice, body: #"{"job": "\#(jobs[1].id)"}"#).status == .created)
                #expect(try await harness.server.store.storedBytes(tenant: "alice") == sizes[0] + sizes[1])
                #expect(try await harness.server.store.storedBytes(tenant: "bob") == 0)
            }
        }
    }

    /// The job once a worker has completed it, read from the store (not the API, which would count its outputs).
    static func completed(_ id: JobID, tenant: String, in harness: ServerHarness) async throws -> Job {
        let job = try await harness.waitUntilFinished(id, tenant: tenant)
        try #require(job.state == .completed, "\(job.state): \(job.errors)")
        return job
    }

    @Test("jobs carry their key's max-running, or the server's default, and claims start no more of a tenant's jobs at once")
    func maxRunning() async throws {
        try await ServerHarness.with(defaultLimits: KeyLimits(maxRunning: 2)) { harness in
            let limited = try await ServerHarness.makeKey(harness.server.store, tenant: "alice", limits: KeyLimits(maxRunning: 1))
            try await harness.serve { client in
                for _ in 0..<3 { _ = try await client.submit(Self.parkedJob, key: limited) }
                _ = try await client.call(
                    .post, "/v1/batches", key: harness.bob, body: #"{"jobs": [\#(Self.parkedJob), \#(Self.parkedJob), \#(Self.parkedJob)]}"#)
                let claimed = try await harness.server.jobs.claim(ClaimRequest(worker: "w", queues: ["parked"], limit: 10))
                #expect(Dictionary(grouping: claimed, by: \.tenant).mapValues(\.count) == ["alice": 1, "bob": 2])
                #expect(Set(claimed.map(\.maxRunning)) == [1, 2])
                #expect(try await harness.server.jobs.claim(ClaimRequest(worker: "w", queues: ["parked"], limit: 10)).isEmpty)
            }
        }
    }
}
