import Foundation
import GlintCore
import GlintQueue
import GlintTestSupport
import Synchronization
import Testing

/// Waiting for work: woken by a submit, otherwise back after the timeout (of the store's clock).
@Suite("JobStore conformance: waiting for jobs", .suiteTimeLimit)
struct WakeUpConformanceTests {
    @Test(arguments: StoreUnderTest.enabled)
    func aSubmitWakesAWaitingWorker(_ storeUnderTest: StoreUnderTest) async throws {
        try await storeUnderTest.withStore { store, clock in
            let submitted = TestFlag()
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    // The store says why it returned: woken, not timed out (the clock does not move).
                    let woken = try await store.waitForJobs(in: [JobSubmission.defaultQueue], timeout: .seconds(60))
                    let wasSubmitted = submitted.isSet
                    #expect(woken)
                    #expect(wasSubmitted, "returned before anything was submitted")
                }
                // The waiter is waiting once it sleeps on the store's clock.
                try await Waiting.within(.seconds(60), "the waiter to wait") { await clock.sleepers(1) }
                submitted.set()
                try await store.submitOne(JobSubmission(kind: "test.noop"))
                try await group.waitForAll()
            }
        }
    }

    @Test(arguments: StoreUnderTest.enabled)
    func withNothingSubmittedItReturnsAfterTheTimeout(_ storeUnderTest: StoreUnderTest) async throws {
        try await storeUnderTest.withStore { store, clock in
            let returned = TestFlag()
            try await withThrowingTaskGroup(of: Bool.self) { group in
                group.addTask {
                    defer { returned.set() }
                    return try await store.waitForJobs(in: [JobSubmission.defaultQueue], timeout: .milliseconds(400))
                }
                try await Waiting.within(.seconds(60), "the waiter to wait") { await clock.sleepers(1) }
                // Short of the timeout it waits on; at the timeout it returns, not woken.
                clock.advance(by: .milliseconds(200))
                #expect(!returned.isSet, "returned before its timeout")
                clock.advance(by: .milliseconds(200))
                let woken = try await group.next()
                #expect(woken == false)
            }
            #expect(try await store.countsByState(tenant: nil).isEmpty)
        }
    }
}
