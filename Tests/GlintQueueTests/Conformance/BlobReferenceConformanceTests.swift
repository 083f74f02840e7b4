import Foundation
import GlintQueue
import GlintTestSupport
import Testing

/// `blobReferences()`: what blob retention must keep because of the jobs in the store.
@Suite("JobStore conformance: blob references", .suiteTimeLimit)
struct BlobReferenceConformanceTests {
    @Test(arguments: StoreUnderTest.enabled)
    func unfinishedJobsUseTheirInputsAndEveryJobNamesItsBlobs(_ storeUnderTest: StoreUnderTest) async throws {
        try await storeUnderTest.withStore { store, _ in
            let queued = try await store.submitOne(JobSubmission(kind: "test.noop", inputs: ["still": testBlob(1)], queue: "q1"))
            _ = queued
            try await store.submitOne(JobSubmission(kind: "test.noop", inputs: ["still": testBlob(2), "movie": testBlob(3)], queue: "q2"))
            let running = try #require(try await store.claim(ClaimRequest(worker: "w", queues: ["q2"], limit: 1)).first)
            try await store.submitOne(JobSubmission(kind: "test.noop", inputs: ["still": testBlob(4)], queue: "q3"))
            let done = try #require(try await store.claim(ClaimRequest(worker: "w", queues: ["q3"], limit: 1)).first)
            _ = try await store.complete([JobCompletion(id: done.id, worker: "w", outputs: ["still": testBlob(5)])])
            try await store.submitOne(JobSubmission(kind: "test.noop"))

            let references = try await store.blobReferences()
            #expect(references.inputsOfUnfinishedJobs == [testBlob(1), testBlob(2), testBlob(3)])
            #expect(references.ofAnyJob == Set((1...5).map(testBlob)))
            #expect(running.state == .running)
        }
    }
}
