import Foundation
import GlintQueue
import GlintTestSupport
import Testing

/// Cancelling queued jobs at once and running jobs at their next check.
@Suite("JobStore conformance: cancellation", .suiteTimeLimit)
struct CancellationConformanceTests {
    @Test(arguments: StoreUnderTest.enabled)
    func aQueuedJobIsCancelledAtOnce(_ storeUnderTest: StoreUnderTest) async throws {
        try await storeUnderTest.withStore { store, clock in
            let available = try await store.submitOne(JobSubmission(kind: "test.noop", tenant: "acme"))
            let scheduled = try await store.submitOne(JobSubmission(kind: "test.noop", tenant: "acme", scheduledAt: clock.now().addingTimeInterval(60)))
            #expect(try await store.cancel(available.id, tenant: "globex") == nil)
            #expect(try await store.cancel(JobID(), tenant: nil) == nil)
            for job in [available, scheduled] {
                let cancelled = try #require(try await store.cancel(job.id, tenant: "acme"))
                #expect(cancelled.state == .cancelled)
                expectSameInstant(cancelled.cancelledAt, clock.now(), "cancelledAt")
                #expect(try await store.reload(job).state == .cancelled)
            }
            clock.advance(by: 120)
            #expect(try await store.claim(ClaimRequest(worker: "w", limit: 10)).isEmpty)
        }
    }

    @Test(arguments: StoreUnderTest.enabled)
    func aRunningJobStopsAtItsNextCheck(_ storeUnderTest: StoreUnderTest) async throws {
        try await storeUnderTest.withStore { store, _ in
            try await store.submitOne(JobSubmission(kind: "test.noop"))
            let running = try await store.claimOne(worker: "worker-1")
            #expect(try await store.reportProgress(running.id, worker: "worker-1", progress: JobProgress(fraction: 0.1)) == .held)

            let requested = try #require(try await store.cancel(running.id, tenant: nil))
            #expect(requested.state == .running && requested.cancelRequested)

            #expect(try await store.reportProgress(running.id, worker: "worker-1", progress: JobProgress(fraction: 0.2)) == .cancelRequested)
            #expect(try await store.heartbeat([running.id], worker: "worker-1", lease: .seconds(30)) == [running.id: .cancelRequested])
            #expect(try await store.acknowledgeCancellation(running.id, worker: "worker-2") == false)
            #expect(try await store.acknowledgeCancellation(running.id, worker: "worker-1"))

            let cancelled = try await store.reload(running)
            #expect(cancelled.state == .cancelled && cancelled.cancelledAt != nil)
            #expect(cancelled.workerID == nil && cancelled.leaseExpiresAt == nil)
            #expect(try await store.acknowledgeCancellation(running.id, worker: "worker-1") == false)
            #expect(try await store.heartbeat([running.id], worker: "worker-1", lease: .seconds(30)) == [running.id: .lost])
            #expect(try await store.complete([JobCompletion(id: running.id, worker: "worker-1", outputs: [:])]) == [running.id: false])
        }
    }

    @Test(arguments: StoreUnderTest.enabled)
    func aJobAskedToStopIsCancelledWhenItFailsOrItsWorkerDies(_ storeUnderTest: StoreUnderTest) async throws {
        try await storeUnderTest.withStore { store, clock in
            try await store.submitMany(2)
            let failing = try await store.claimOne(worker: "worker-1", lease: .seconds(10))
            let dying = try await store.claimOne(worker: "worker-2", lease: .seconds(10))
            _ = try await store.cancel(failing.id, tenant: nil)
            _ = try await store.cancel(dying.id, tenant: nil)

            let failed = try #require(
                try await store.fail(
                    JobFailure(
                        id: failing.id, worker: "worker-1", code: "handler-failed", message: "interrupted", permanent: false,
                        retryAt: clock.now().addingTimeInterval(1)
                    )))
            #expect(failed.state == .cancelled && failed.errors.map(\.code) == ["handler-failed"])

            clock.advance(by: 11)
            #expect(try await store.rescueExpiredLeases() == 1)
            let rescued = try await store.reload(dying)
            #expect(rescued.state == .cancelled && rescued.errors.map(\.code) == ["lease-expired"])
            clock.advance(by: 100)
            #expect(try await store.claim(ClaimRequest(worker: "worker-3", limit: 5)).isEmpty)
        }
    }

    @Test(arguments: StoreUnderTest.enabled)
    func aFinishedJobIsReturnedUnchanged(_ storeUnderTest: StoreUnderTest) async throws {
        try await storeUnderTest.withStore { store, _ in
            try await store.submitOne(JobSubmission(kind: "test.noop"))
            let running = try await store.claimOne()
            _ = try await store.complete([JobCompletion(id: running.id, worker: "worker-1", outputs: ["out": testBlob(7)])])
            let answer = try #require(try await store.cancel(running.id, tenant: nil))
            #expect(answer.state == .completed && answer.outputs == ["out": testBlob(7)] && !answer.cancelRequested)
            #expect(try await store.reload(running).state == .completed)
        }
    }
}
