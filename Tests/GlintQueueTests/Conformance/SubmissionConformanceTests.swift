import Foundation
import GlintQueue
import GlintTestSupport
import Testing

/// Submitting and reading back: every field survives, idempotency keys return the live job.
@Suite("JobStore conformance: submission", .suiteTimeLimit)
struct SubmissionConformanceTests {
    @Test(arguments: StoreUnderTest.enabled)
    func everyFieldRoundTrips(_ storeUnderTest: StoreUnderTest) async throws {
        try await storeUnderTest.withStore { store, clock in
            let start = clock.now()
            let submission = JobSubmission(
                kind: .ringsRender, parameters: Data(#"{"move":0.5,"label":"Ünïcode ✓","nested":{"a":[1,2]}}"#.utf8),
                inputs: ["still": testBlob(1), "recipe": testBlob(2)], queue: "media", tenant: "acme",
                priority: 7, maxAttempts: 5, scheduledAt: start.addingTimeInterval(3600),
                idempotencyKey: "upload-42", batch: "batch-9"
            )
            let created = try await store.submitOne(submission)
            #expect(created.kind == .ringsRender)
            #expect(jsonObject(created.parameters) == jsonObject(submission.parameters))
            #expect(created.inputs == ["still": testBlob(1), "recipe": testBlob(2)])
            #expect(created.outputs.isEmpty)
            #expect(created.queue == "media")
            #expect(created.tenant == "acme")
            #expect(created.priority == 7)
            #expect(created.maxAttempts == 5)
            #expect(created.attempt == 0)
            #expect(created.state == .scheduled)
            #expect(created.idempotencyKey == "upload-42")
            #expect(created.batch == "batch-9")
            #expect(created.errors.isEmpty && created.progress == nil && created.workerID == nil)
            #expect(created.leaseExpiresAt == nil && !created.cancelRequested)
            expectSameInstant(created.scheduledAt, start.addingTimeInterval(3600), "scheduledAt")
            expectSameInstant(created.createdAt, start, "createdAt")

            let read = try #require(try await store.job(created.id, tenant: "acme"))
            #expect(read.id == created.id && read.kind == created.kind && read.queue == created.queue)
            #expect(read.tenant == created.tenant && read.priority == created.priority && read.state == .scheduled)
            #expect(jsonObject(read.parameters) == jsonObject(created.parameters))
            #expect(read.inputs == created.inputs && read.maxAttempts == 5 && read.attempt == 0)
            #expect(read.idempotencyKey == "upload-42" && read.batch == "batch-9")
            expectSameInstant(read.scheduledAt, created.scheduledAt, "scheduledAt read back")
            expectSameInstant(read.createdAt, created.createdAt, "createdAt read back")
            #expect(try await store.job(created.id, tenant: "someone-else") == nil)

            // The fields a run fills in: attempt, worker, lease, progress, errors, outputs, times.
            clock.advance(by: 3600)
            let running = try #require(try await store.claim(ClaimRequest(worker: "w-1", queues: ["media"], limit: 1, lease: .seconds(30))).first)
            #expect(running.id == created.id && running.state == .running && running.attempt == 1 && running.workerID == "w-1")
            expectSameInstant(running.attemptedAt, clock.now(), "attemptedAt")
            expectSameInstant(running.leaseExpiresAt, clock.now().addingTimeInterval(30), "leaseExpiresAt")
            #expect(try await store.reportProgress(created.id, worker: "w-1", progress: JobProgress(fraction: 0.25, message: "frame 3 of 12")) == .held)
            let failed = try #require(
                try await store.fail(
                    JobFailure(id: created.id, worker: "w-1", code: "handler-failed", message: "disk full", permanent: false, retryAt: clock.now())))
            #expect(failed.state == .retryable)
            let again = try #require(try await store.claim(ClaimRequest(worker: "w-2", queues: ["media"], limit: 1)).first)
            #expect(again.attempt == 2)
            clock.advance(by: 5)
            #expect(try await store.complete([JobCompletion(id: created.id, worker: "w-2", outputs: ["still": testBlob(3)])]) == [created.id: true])

            let done = try await store.reload(created)
            #expect(done.state == .completed && done.attempt == 2 && done.outputs == ["still": testBlob(3)])
            // A completed job reports fraction 1, its last message kept.
            #expect(done.progress == JobProgress(fraction: 1, message: "frame 3 of 12"))
            #expect(done.errors.map(\.code) == ["handler-failed"] && done.errors.first?.message == "disk full")
            #expect(done.errors.first?.attempt == 1)
            expectSameInstant(done.errors.first?.at, clock.now().addingTimeInterval(-5), "error time")
            expectSameInstant(done.completedAt, clock.now(), "completedAt")
            #expect(done.workerID == nil && done.leaseExpiresAt == nil)
        }
    }

    @Test(arguments: StoreUnderTest.enabled)
    func jobsDueNowAreAvailableAndLaterOnesScheduled(_ storeUnderTest: StoreUnderTest) async throws {
        try await storeUnderTest.withStore { store, clock in
            let outcomes = try await store.submit([
                JobSubmission(kind: "test.noop"),
                JobSubmission(kind: "test.noop", scheduledAt: clock.now().addingTimeInterval(-10)),
                JobSubmission(kind: "test.noop", scheduledAt: clock.now().addingTimeInterval(10)),
            ])
            #expect(outcomes.map(\.job.state) == [.available, .available, .scheduled])
            #expect(outcomes.filter(\.wasCreated).count == 3)
        }
    }

    @Test(arguments: StoreUnderTest.enabled)
    func idempotencyKeysReturnTheLiveJobPerTenant(_ storeUnderTest: StoreUnderTest) async throws {
        try await storeUnderTest.withStore { store, _ in
            let keyed = JobSubmission(kind: .badgeApply, tenant: "acme", idempotencyKey: "upload-1")
            let first = try await store.submit([keyed])
            #expect(first.first?.wasCreated == true)
            let original = try #require(first.first).job

            let repeated = try await store.submit([keyed])
            guard case .existing(let existing)? = repeated.first else {
                Issue.record("a repeated submit should return the existing job, got \(repeated)")
                return
            }
            #expect(existing.id == original.id)

            // Twice in one call: one job.
            let both = try await store.submit([
                JobSubmission(kind: .badgeApply, tenant: "acme", idempotencyKey: "upload-2"),
                JobSubmission(kind: .badgeApply, tenant: "acme", idempotencyKey: "upload-2"),
            ])
            #expect(both.map(\.wasCreated) == [true, false])
            #expect(both[0].job.id == both[1].job.id)

            // Another tenant's identical key is another job.
            let otherTenant = try await store.submit([JobSubmission(kind: .badgeApply, tenant: "globex", idempotencyKey: "upload-1")])
            #expect(otherTenant.first?.wasCreated == true)
            #expect(otherTenant.first?.job.id != original.id)

            // Once the job is cancelled, the key is free again.
            let cancelled = try await store.cancel(original.id, tenant: "acme")
            #expect(cancelled?.state == .cancelled)
            let afterCancel = try await store.submit([keyed])
            #expect(afterCancel.first?.wasCreated == true)
            #expect(afterCancel.first?.job.id != original.id)

            #expect(try await store.countsByState(tenant: "acme") == [.available: 2, .cancelled: 1])
        }
    }

    @Test(arguments: StoreUnderTest.enabled)
    func anInvalidSubmissionWritesNothing(_ storeUnderTest: StoreUnderTest) async throws {
        try await storeUnderTest.withStore { store, _ in
            await #expect(throws: JobQueueError.self) {
                try await store.submit([JobSubmission(kind: "test.noop"), JobSubmission(kind: "test.noop", parameters: Data("[1]".utf8))])
            }
            let counts = try await store.countsByState(tenant: nil)
            #expect(counts.isEmpty)
        }
    }
}
