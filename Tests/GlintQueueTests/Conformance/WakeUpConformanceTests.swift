import Foundation
import GlintQueue
import Synchronization
import Testing

/// Waiting for work: woken by a submit, otherwise back after the timeout.
@Suite("JobStore conformance: waiting for jobs")
struct WakeUpConformanceTests {
    @Test(arguments: StoreUnderTest.enabled)
    func aSubmitWakesAWaitingWorker(_ storeUnderTest: StoreUnderTest) async throws {
        try await storeUnderTest.withStore { store, _ in
            let submitted = TestFlag()
            let start = ContinuousClock.now
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    try await store.waitForJobs(in: [JobSubmission.defaultQueue], timeout: .seconds(60))
                    let wasSubmitted = submitted.isSet
                #expect(wasSubmitted, "returned before anything was submitted")
                }
                try await Task.sleep(for: .milliseconds(300))
                submitted.set()
                try await store.submitOne(JobSubmission(kind: "test.noop"))
                try await group.waitForAll()
            }
            // Far below the 60 s timeout: it was the submit that woke it.
            #expect(ContinuousClock.now - start < .seconds(30))
        }
    }

    @Test(arguments: StoreUnderTest.enabled)
    func withNothingSubmittedItReturnsAfterTheTimeout(_ storeUnderTest: StoreUnderTest) async throws {
        try await storeUnderTest.withStore { store, _ in
            let start = ContinuousClock.now
            try await store.waitForJobs(in: [JobSubmission.defaultQueue], timeout: .milliseconds(400))
            #expect(ContinuousClock.now - start >= .milliseconds(400))
            #expect(try await store.countsByState(tenant: nil).isEmpty)
        }
    }
}
