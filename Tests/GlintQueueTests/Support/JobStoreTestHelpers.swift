import Foundation
import GlintCore
import GlintQueue
import GlintTestSupport
import Synchronization
import Testing

/// Small conveniences shared by the conformance tests.
extension JobStore {
    /// Submits one job and returns it (created or existing).
    @discardableResult
    func submitOne(_ submission: JobSubmission) async throws -> Job {
        let outcomes = try await submit([submission])
        return try #require(outcomes.first).job
    }

    /// Submits `count` jobs of `tenant` in batches of 500 and returns them in submission order.
    @discardableResult
    func submitMany(
        _ count: Int, tenant: String = JobSubmission.defaultTenant, kind: JobKind = "test.noop",
        queue: String = JobSubmission.defaultQueue, batch: String? = nil
    ) async throws -> [Job] {
        var jobs: [Job] = []
        var remaining = count
        while remaining > 0 {
            let size = min(remaining, 500)
            let submissions = (0..<size).map { _ in JobSubmission(kind: kind, queue: queue, tenant: tenant, batch: batch) }
            jobs += try await submit(submissions).map(\.job)
            remaining -= size
        }
        return jobs
    }

    /// Claims one job for `worker`; fails the test when there is none.
    func claimOne(worker: String = "worker-1", lease: Duration = .seconds(30)) async throws -> Job {
        try #require(try await claim(ClaimRequest(worker: worker, limit: 1, lease: lease)).first)
    }

    /// The job as stored now; fails the test when it is gone.
    func reload(_ job: Job) async throws -> Job {
        try #require(try await self.job(job.id, tenant: nil))
    }
}

/// Two instants that a store may have rounded to microseconds (PostgreSQL's precision).
func expectSameInstant(_ a: Date?, _ b: Date?, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
    switch (a, b) {
    case (nil, nil): return
    case (let a?, let b?):
        #expect(abs(a.timeIntervalSince(b)) < 0.000_002, "\(what): \(a) vs \(b)", sourceLocation: sourceLocation)
    default:
        Issue.record("\(what): \(String(describing: a)) vs \(String(describing: b))", sourceLocation: sourceLocation)
    }
}

/// A blob id for tests: SHA-256-shaped hex made from a small number.
func testBlob(_ number: Int) -> BlobID {
    BlobID(String(repeating: "0", count: 48) + String(format: "%016x", number))!
}

/// JSON parameters compared as values, not bytes (a store may normalise whitespace and key order).
func jsonObject(_ data: Data) -> NSDictionary? {
    (try? JSONSerialization.jsonObject(with: data)) as? NSDictionary
}

/// A flag one task sets and another reads (e.g. "the submit has happened").
final class TestFlag: Sendable {
    private let state = Mutex(false)
    init() {}
    func set() { state.withLock { $0 = true } }
    var isSet: Bool { state.withLock { $0 } }
}

/// Waits for jobs in the default queue for `timeout` of `clock` (the store's), moving the clock
/// past the timeout once the store waits; what the store said (woken or not).
func waitForJobsPastTheTimeout(_ store: any JobStore, clock: ManualWallClock, timeout: Duration) async throws -> Bool {
    try await withThrowingTaskGroup(of: Bool.self) { group in
        group.addTask { try await store.waitForJobs(in: [JobSubmission.defaultQueue], timeout: timeout) }
        try await Waiting.within(.seconds(60), "the store to wait") { await clock.sleepers(1) }
        clock.advance(by: timeout)
        let woken = try await group.next() ?? true
        group.cancelAll()
        return woken
    }
}
