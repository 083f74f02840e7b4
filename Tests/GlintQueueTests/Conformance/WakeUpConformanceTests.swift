import Foundation
import GlintQueue
import GlintTestSupport
import Synchronization
import Testing

/// Waiting for work: woken by a submit, otherwise back after the timeout.
@Suite("JobStore conformance: waiting for jobs", .suiteTimeLimit)
struct WakeUpConformanceTests {
    @Test(arguments: StoreUnderTest.enabled)
    func aSubmitWakesAWaitingWorker(_ storeUnderTest: StoreUnderTest) async throws {
        try await storeUnderTest.withStore { store, _ in
            let submitted = TestFlag()
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    // The store says why it returned: woken, not timed out (a minute is far longer
                    // than the submit takes, however slowly the machine schedules this task).
                    let woken = try await store.waitForJobs(in: [JobSubmission.defaultQueue], timeout: .seconds(60))
                    let wasSubmitted = submitted.isSet
                    #expect(woken)
                    #expect(wasSubmitted, "returned before anything was submitted")
                }
                try await Task.sleep(for: .milliseconds(300))
                submitted.set()
                try await store.submitOne(JobSubmission(kind: "test.noop"))
                try await group.waitForAll()
            }
        }
    }

    @Test(arguments: StoreUnderTest.enabled)
    func withNothingSubmittedItReturnsAfterTheTimeout(_ storeUnderTest: StoreUnderTest) async throws {
        try await storeUnderTest.withStore { store, _ in
            let start = ContinuousClock.now
            let woken = try await store.waitForJobs(in: [JobSubmission.defaultQueue], timeout: .milliseconds(400))
            #expect(!woken)
            #expect(ContinuousClock.now - start >= .milliseconds(400))
            #expect(try await store.countsByState(tenant: nil).isEmpty)
        }
    }
}
