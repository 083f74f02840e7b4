import Foundation
import GlintQueue
import GlintTestSupport
import Testing

/// Failed attempts: backoff on the injected clock, discard with every error kept, permanent
/// failures, and retry by hand.
@Suite("JobStore conformance: failures and retries", .suiteTimeLimit)
struct FailureConformanceTests {
    private func failure(_ job: Job, worker: String = "worker-1", message: String, permanent: Bool = false, retryAt: Date) -> JobFailure {
        JobFailure(id: job.id, worker: worker, code: "handler-failed", message: message, permanent: permanent, retryAt: retryAt)
    }

    @Test(arguments: StoreUnderTest.enabled)
    func aFailedJobWaitsOutItsBackoffOnTheInjectedClock(_ storeUnderTest: StoreUnderTest) async throws {
        try await storeUnderTest.withStore { store, clock in
            let policy = RetryPolicy.default
            let job = try await store.submitOne(JobSubmission(kind: "test.noop", maxAttempts: 5))
            var previousDelay = 0.0
            for attempt in 1...3 {
                let running = try await store.claimOne()
                #expect(running.id == job.id && running.attempt == attempt)
                let delay = policy.delay(afterAttempt: attempt)
                #expect(delay > previousDelay, "backoff grows: \(delay) after \(previousDelay)")
                previousDelay = delay
                let retryAt = clock.now().addingTimeInterval(delay)
                let failed = try #require(try await store.fail(failure(running, message: "attempt \(attempt) failed", retryAt: retryAt)))
                #expect(failed.state == .retryable && failed.attempt == attempt && failed.workerID == nil)
                expectSameInstant(failed.scheduledAt, retryAt, "retry time")
                #expect(failed.errors.count == attempt)

                // Not before its time …
                #expect(try await store.claim(ClaimRequest(worker: "worker-1", limit: 5)).isEmpty)
                clock.advance(by: delay - 0.01)
                #expect(try await store.claim(ClaimRequest(worker: "worker-1", limit: 5)).isEmpty)
                // … but once the clock has passed it.
                clock.advance(by: 0.02)
            }
            let fourth = try await store.claimOne()
            #expect(fourth.attempt == 4)
        }
    }

    @Test(arguments: StoreUnderTest.enabled)
    func aJobIsDiscardedAfterMaxAttemptsWithEveryErrorKept(_ storeUnderTest: StoreUnderTest) async throws {
        try await storeUnderTest.withStore { store, clock in
            let job = try await store.submitOne(JobSubmission(kind: "test.noop", maxAttempts: 3))
            var last: Job?
            for attempt in 1...3 {
                let running = try await store.claimOne()
                clock.advance(by: 1)
                last = try await store.fail(failure(running, message: "failure \(attempt)", retryAt: clock.now().addingTimeInterval(0.5)))
                clock.advance(by: 1)
            }
            let discarded = try #require(last)
            #expect(discarded.state == .discarded)
            #expect(discarded.discardedAt != nil)
            #expect(discarded.errors.map(\.attempt) == [1, 2, 3])
            #expect(discarded.errors.map(\.message) == ["failure 1", "failure 2", "failure 3"])
            #expect(try await store.reload(job).errors == discarded.errors)
            #expect(try await store.claim(ClaimRequest(worker: "worker-1", limit: 5)).isEmpty)
        }
    }

    @Test(arguments: StoreUnderTest.enabled)
    func aPermanentFailureIsDiscardedAtOnce(_ storeUnderTest: StoreUnderTest) async throws {
        try await storeUnderTest.withStore { store, clock in
            try await store.submitOne(JobSubmission(kind: "unknown.kind", maxAttempts: 20))
            let running = try await store.claimOne()
            let failed = try #require(
                try await store.fail(
                    JobFailure(
                        id: running.id, worker: "worker-1", code: "unknown-kind", message: "no handler for unknown.kind",
                        permanent: true, retryAt: clock.now()
                    )))
            #expect(failed.state == .discarded && failed.attempt == 1)
            #expect(failed.errors.map(\.code) == ["unknown-kind"])
            #expect(try await store.claim(ClaimRequest(worker: "worker-1", limit: 5)).isEmpty)
        }
    }

    @Test(arguments: StoreUnderTest.enabled)
    func onlyTheHoldingWorkerCanFailAJob(_ storeUnderTest: StoreUnderTest) async throws {
        try await storeUnderTest.withStore { store, clock in
            try await store.submitOne(JobSubmission(kind: "test.noop"))
            let running = try await store.claimOne(worker: "worker-1")
            #expect(try await store.fail(failure(running, worker: "worker-2", message: "not mine", retryAt: clock.now())) == nil)
            let unchanged = try await store.reload(running)
            #expect(unchanged.state == .running && unchanged.errors.isEmpty)
        }
    }

    @Test(arguments: StoreUnderTest.enabled)
    func finishedJobsCanBeRetriedByHand(_ storeUnderTest: StoreUnderTest) async throws {
        try await storeUnderTest.withStore { store, clock in
            // Discarded: one more attempt.
            let doomed = try await store.submitOne(JobSubmission(kind: "test.noop", tenant: "acme", maxAttempts: 1))
            let running = try await store.claimOne()
            _ = try await store.fail(failure(running, message: "broke", retryAt: clock.now()))
            #expect(try await store.reload(doomed).state == .discarded)
            #expect(try await store.retry(doomed.id, tenant: "globex") == nil)
            let retried = try #require(try await store.retry(doomed.id, tenant: "acme"))
            #expect(retried.state == .available && retried.maxAttempts == 2 && retried.errors.count == 1)
            let second = try await store.claimOne()
            #expect(second.id == doomed.id && second.attempt == 2)

            // Running: refused.
            await #expect(throws: JobQueueError.self) { try await store.retry(doomed.id, tenant: nil) }
            #expect(try await store.complete([JobCompletion(id: doomed.id, worker: "worker-1", outputs: ["out": testBlob(1)])])[doomed.id] == true)

            // Completed: runs again; the new outputs replace the old.
            let rerun = try #require(try await store.retry(doomed.id, tenant: nil))
            #expect(rerun.state == .available && rerun.completedAt == nil)
            let third = try await store.claimOne()
            #expect(third.attempt == 3)
            _ = try await store.complete([JobCompletion(id: doomed.id, worker: "worker-1", outputs: ["out": testBlob(2)])])
            #expect(try await store.reload(doomed).outputs == ["out": testBlob(2)])

            // Cancelled: queued again. Queued: refused.
            let cancelled = try await store.submitOne(JobSubmission(kind: "test.noop"))
            _ = try await store.cancel(cancelled.id, tenant: nil)
            #expect(try await store.retry(cancelled.id, tenant: nil)?.state == .available)
            await #expect(throws: JobQueueError.self) { try await store.retry(cancelled.id, tenant: nil) }
            #expect(try await store.retry(JobID(), tenant: nil) == nil)
        }
    }

    @Test(arguments: StoreUnderTest.enabled)
    func retryingARunningJobIsAnInvalidStateError(_ storeUnderTest: StoreUnderTest) async throws {
        try await storeUnderTest.withStore { store, _ in
            try await store.submitOne(JobSubmission(kind: "test.noop"))
            let running = try await store.claimOne()
            do {
                _ = try await store.retry(running.id, tenant: nil)
                Issue.record("retrying a running job should throw")
            } catch let error as JobQueueError {
                #expect(error.kind == .invalidState)
                #expect(error.problem.contains(running.id.description))
            }
        }
    }
}
