import Foundation
import GlintCore
import GlintTestSupport
import Testing

@testable import GlintQueue

/// What only the PostgreSQL store has to prove (the shared conformance suite covers the semantics):
/// claims stay exclusive across many connections and processes' worth of pools, NOTIFY wakes a waiter
/// in another store, and migrations run once when stores start together.
@Suite("PostgresJobStore", .requires(.postgres), .suiteTimeLimit)
struct PostgresJobStoreTests {
    @Test("migrations are applied once when several stores start together, and again is a no-op")
    func migrationsFromConcurrentStarters() async throws {
        let schema = PostgresTestDatabase.freshSchema()
        try await PostgresTestDatabase.withStore(schema: schema) { first in
            try await PostgresTestDatabase.withStore(schema: schema) { second in
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for store in [first, second, first, second] { group.addTask { try await store.migrate() } }
                    try await group.waitForAll()
                }
                #expect(try await first.appliedMigrations() == [1, 2, 3])
                let job = try await second.submit([JobSubmission(kind: "test.noop")])[0].job
                #expect(try await first.job(job.id, tenant: nil)?.id == job.id)
            }
        }
    }

    @Test("concurrent claimers over many connections and two pools never share a job, and drain the queue")
    func claimsAreExclusive() async throws {
        let schema = PostgresTestDatabase.freshSchema()
        let clock = ManualWallClock()
        try await PostgresTestDatabase.withStore(schema: schema, clock: clock, poolSize: 6) { first in
            try await PostgresTestDatabase.withStore(schema: schema, clock: clock, poolSize: 6) { second in
                let tenants = ["alpha", "beta", "gamma"]
                let submissions = (0..<1500).map { index in
                    JobSubmission(kind: "test.noop", tenant: tenants[index % 3], priority: index % 5)
                }
                for batch in stride(from: 0, to: submissions.count, by: 500) {
                    _ = try await first.submit(Array(submissions[batch..<batch + 500]))
                }
                let claimed = try await withThrowingTaskGroup(of: [Job].self) { group in
                    for claimer in 0..<12 {
                        let store = claimer % 2 == 0 ? first : second
                        group.addTask {
                            var mine: [Job] = []
                            while true {
                                let jobs = try await store.claim(ClaimRequest(worker: "worker-\(claimer)", limit: 1 + claimer % 7))
                                if jobs.isEmpty { return mine }
                                mine += jobs
                                #expect(jobs.allSatisfy { $0.state == .running && $0.workerID == "worker-\(claimer)" && $0.attempt == 1 })
                            }
                        }
                    }
                    var all: [Job] = []
                    for try await jobs in group { all += jobs }
                    return all
                }
                #expect(claimed.count == submissions.count)
                #expect(Set(claimed.map(\.id)).count == submissions.count)
                #expect(try await second.countsByState(tenant: nil) == [.running: submissions.count])
            }
        }
    }

    @Test("a submission in one store wakes a worker waiting in another (LISTEN/NOTIFY)")
    func notifyWakesAnotherStore() async throws {
        let schema = PostgresTestDatabase.freshSchema()
        let clock = ManualWallClock()
        try await PostgresTestDatabase.withStore(schema: schema, clock: clock) { waiting in
            // The submitting store's NOTIFYs are debounced on its clock: the real one.
            try await PostgresTestDatabase.withStore(schema: schema, clock: SystemWallClock()) { submitting in
                // Nothing to claim yet: the worker waits, and the store says it was woken, not timed
                // out (its clock does not move).
                #expect(try await waiting.claim(ClaimRequest(worker: "w", queues: ["media"], limit: 1)).isEmpty)
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask {
                        let woken = try await waiting.waitForJobs(in: ["media"], timeout: .seconds(60))
                        #expect(woken)
                    }
                    try await Waiting.within(.seconds(60), "the worker to wait") { await clock.sleepers(1) }
                    _ = try await submitting.submit([JobSubmission(kind: "test.noop", queue: "other")])
                    _ = try await submitting.submit([JobSubmission(kind: "test.noop", queue: "media")])
                    try await group.waitForAll()
                }
                let claimed = try await waiting.claim(ClaimRequest(worker: "w", queues: ["media"], limit: 5))
                #expect(claimed.map(\.queue) == ["media"])
            }
        }
    }

    @Test("a job's progress reported through one store wakes a watcher of another (NOTIFY); a mark taken after it does not wait")
    func jobChangeWakesAnotherStore() async throws {
        let schema = PostgresTestDatabase.freshSchema()
        let clock = ManualWallClock()
        try await PostgresTestDatabase.withStore(schema: schema, clock: clock) { watching in
            // The working store's NOTIFYs are debounced on its clock: the real one. The job is submitted
            // and claimed through the watching store, so that the working store announces nothing but
            // the progress: a NOTIFY of its submit or claim could otherwise reach the watcher after its
            // mark and wake it before the progress (as it did once under load).
            try await PostgresTestDatabase.withStore(schema: schema, clock: SystemWallClock()) { working in
                _ = try await watching.submit([JobSubmission(kind: "test.noop")])
                let job = try #require(try await watching.claim(ClaimRequest(worker: "w", limit: 1)).first)
                let mark = watching.jobChangeMark()
                // Woken, not timed out: the watcher's clock does not move. Its own notifier sleeps on
                // that clock too, for its debounce interval: the watcher is the sleeper for `timeout`.
                let timeout = Duration.seconds(60)
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask { await watching.waitForJobChange(since: mark, timeout: timeout) }
                    try await Waiting.within(.seconds(60), "the watcher to wait") { await clock.sleepers(1, sleepingFor: timeout) }
                    _ = try await working.reportProgress(job.id, worker: "w", progress: JobProgress(fraction: 0.5, message: "half"))
                    try await group.waitForAll()
                }
                #expect(try await watching.job(job.id, tenant: nil)?.progress?.fraction == 0.5)
            }
        }
    }

    @Test("a claim deals jobs round-robin across tenants, the tenant served longest ago first, and each tenant's by priority")
    func claimIsFairAcrossTenants() async throws {
        let clock = ManualWallClock()
        try await PostgresTestDatabase.withStore(clock: clock) { store in
            _ = try await store.submit((0..<50).map { JobSubmission(kind: "test.bulk", tenant: "bulk", priority: $0 == 7 ? 10 : 0) })
            clock.advance(by: 1)
            _ = try await store.submit([JobSubmission(kind: "test.single", tenant: "single")])
            let first = try await store.claim(ClaimRequest(worker: "w", limit: 1))
            #expect(first.map(\.tenant) == ["bulk"])
            #expect(first.first?.priority == 10)
            let next = try await store.claim(ClaimRequest(worker: "w", limit: 4))
            #expect(next.map(\.tenant) == ["single", "bulk", "bulk", "bulk"], "the tenant never served goes first, then turns")
        }
    }

    @Test("cancelling a running job is seen at the worker's next heartbeat and progress report")
    func cancelRunningJob() async throws {
        try await PostgresTestDatabase.withStore { store in
            let job = try await store.submit([JobSubmission(kind: "test.long")])[0].job
            let running = try await store.claim(ClaimRequest(worker: "w", limit: 1))
            #expect(running.map(\.id) == [job.id])
            #expect(try await store.cancel(job.id, tenant: nil)?.cancelRequested == true)
            #expect(try await store.heartbeat([job.id], worker: "w", lease: .seconds(30)) == [job.id: .cancelRequested])
            #expect(try await store.reportProgress(job.id, worker: "w", progress: JobProgress(fraction: 0.5)) == .cancelRequested)
            #expect(try await store.acknowledgeCancellation(job.id, worker: "w"))
            #expect(try await store.job(job.id, tenant: nil)?.state == .cancelled)
            #expect(try await store.heartbeat([job.id], worker: "w", lease: .seconds(30)) == [job.id: .lost])
        }
    }
}
