import Foundation
import GlintQueue
import GlintTestSupport
import Testing

/// Leases: completion exactly once, heartbeats, crash rescue, giving jobs back.
@Suite("JobStore conformance: leases", .suiteTimeLimit)
struct LeaseConformanceTests {
    @Test(arguments: StoreUnderTest.enabled)
    func aJobIsCompletedExactlyOnce(_ storeUnderTest: StoreUnderTest) async throws {
        try await storeUnderTest.withStore { store, clock in
            try await store.submitMany(3)
            let first = try await store.claimOne(worker: "worker-1")
            let second = try await store.claimOne(worker: "worker-1")
            let third = try await store.claimOne(worker: "worker-1")

            // A batch: one of ours, one held by nobody we name.
            let results = try await store.complete([
                JobCompletion(id: first.id, worker: "worker-1", outputs: ["out": testBlob(1)]),
                JobCompletion(id: second.id, worker: "worker-2", outputs: ["out": testBlob(2)]),
            ])
            #expect(results == [first.id: true, second.id: false])
            #expect(try await store.reload(second).state == .running)

            // Twice: the second is refused and the outputs stay.
            #expect(try await store.complete([JobCompletion(id: first.id, worker: "worker-1", outputs: ["out": testBlob(9)])]) == [first.id: false])
            let done = try await store.reload(first)
            #expect(done.state == .completed && done.outputs == ["out": testBlob(1)])

            // After the lease was rescued: refused, nothing recorded.
            clock.advance(by: 31)
            #expect(try await store.rescueExpiredLeases() == 2)
            #expect(try await store.complete([JobCompletion(id: third.id, worker: "worker-1", outputs: ["out": testBlob(3)])]) == [third.id: false])
            let rescued = try await store.reload(third)
            #expect(rescued.state == .available && rescued.outputs.isEmpty)
        }
    }

    @Test(arguments: StoreUnderTest.enabled)
    func heartbeatsExtendTheLease(_ storeUnderTest: StoreUnderTest) async throws {
        try await storeUnderTest.withStore { store, clock in
            try await store.submitOne(JobSubmission(kind: "test.noop"))
            let running = try await store.claimOne(worker: "worker-1", lease: .seconds(30))
            clock.advance(by: 20)
            #expect(try await store.heartbeat([running.id], worker: "worker-1", lease: .seconds(30)) == [running.id: .held])
            #expect(try await store.heartbeat([running.id], worker: "worker-2", lease: .seconds(30)) == [running.id: .lost])
            expectSameInstant(try await store.reload(running).leaseExpiresAt, clock.now().addingTimeInterval(30), "extended lease")
            clock.advance(by: 20)  // 40 s after the claim, 20 s after the heartbeat
            #expect(try await store.rescueExpiredLeases() == 0)
            #expect(try await store.reload(running).state == .running)
            clock.advance(by: 11)
            #expect(try await store.rescueExpiredLeases() == 1)
        }
    }

    @Test(arguments: StoreUnderTest.enabled)
    func aKilledWorkersJobReturnsToTheQueue(_ storeUnderTest: StoreUnderTest) async throws {
        try await storeUnderTest.withStore { store, clock in
            let job = try await store.submitOne(JobSubmission(kind: "test.noop", maxAttempts: 2))
            _ = try await store.claimOne(worker: "killed", lease: .seconds(5))
            clock.advance(by: 4)
            #expect(try await store.rescueExpiredLeases() == 0)
            clock.advance(by: 2)
            #expect(try await store.rescueExpiredLeases() == 1)
            let rescued = try await store.reload(job)
            #expect(rescued.state == .available && rescued.workerID == nil && rescued.leaseExpiresAt == nil)
            #expect(rescued.errors.map(\.code) == ["lease-expired"] && rescued.errors.first?.attempt == 1)
            #expect(try await store.heartbeat([job.id], worker: "killed", lease: .seconds(5)) == [job.id: .lost])

            // The last attempt's lease runs out too: no attempts left, discarded.
            let again = try await store.claimOne(worker: "survivor", lease: .seconds(5))
            #expect(again.id == job.id && again.attempt == 2)
            clock.advance(by: 6)
            #expect(try await store.rescueExpiredLeases() == 1)
            let discarded = try await store.reload(job)
            #expect(discarded.state == .discarded)
            #expect(discarded.errors.map(\.code) == ["lease-expired", "lease-expired"])
            #expect(discarded.errors.map(\.attempt) == [1, 2])
        }
    }

    @Test(arguments: StoreUnderTest.enabled)
    func releaseGivesTheAttemptBack(_ storeUnderTest: StoreUnderTest) async throws {
        try await storeUnderTest.withStore { store, _ in
            try await store.submitMany(2)
            let mine = try await store.claimOne(worker: "worker-1")
            let theirs = try await store.claimOne(worker: "worker-2")
            try await store.release([mine.id, theirs.id], worker: "worker-1")
            let released = try await store.reload(mine)
            #expect(released.state == .available && released.attempt == 0)
            #expect(released.workerID == nil && released.leaseExpiresAt == nil)
            #expect(try await store.reload(theirs).state == .running)
            let reclaimed = try await store.claimOne(worker: "worker-3")
            #expect(reclaimed.id == mine.id && reclaimed.attempt == 1)
        }
    }
}
