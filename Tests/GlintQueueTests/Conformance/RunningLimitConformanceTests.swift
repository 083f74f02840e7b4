import Foundation
import GlintQueue
import GlintTestSupport
import Testing

/// Running limits (`JobSubmission.maxRunning`, a key's `max-running`): a claim starts a job only while
/// its tenant runs fewer jobs than the job's limit, on every worker together; a tenant at its limit
/// neither gets jobs nor holds up the others.
@Suite("JobStore conformance: running limits", .suiteTimeLimit)
struct RunningLimitConformanceTests {
    @discardableResult
    private static func submit(_ count: Int, tenant: String, maxRunning: Int?, to store: any JobStore) async throws -> [Job] {
        try await store.submit((0..<count).map { _ in JobSubmission(kind: "test.noop", tenant: tenant, maxRunning: maxRunning) }).map(\.job)
    }

    private static func complete(_ job: Job, in store: any JobStore) async throws {
        let done = try await store.complete([JobCompletion(id: job.id, worker: try #require(job.workerID), outputs: [:])])
        #expect(done[job.id] == true)
    }

    @Test(arguments: StoreUnderTest.enabled)
    func theLimitTravelsWithTheJob(_ storeUnderTest: StoreUnderTest) async throws {
        try await storeUnderTest.withStore { store, _ in
            let limited = try await Self.submit(1, tenant: "a", maxRunning: 3, to: store)[0]
            let free = try await Self.submit(1, tenant: "a", maxRunning: nil, to: store)[0]
            #expect(limited.maxRunning == 3 && free.maxRunning == nil)
            #expect(try await store.reload(limited).maxRunning == 3)
            #expect(try await store.reload(free).maxRunning == nil)
            let claimed = try await store.claim(ClaimRequest(worker: "w", limit: 2))
            #expect(Set(claimed.map(\.maxRunning)) == [3, nil])
        }
    }

    @Test(arguments: StoreUnderTest.enabled)
    func aLimitOutsideItsRangeIsRefused(_ storeUnderTest: StoreUnderTest) async throws {
        try await storeUnderTest.withStore { store, _ in
            for bad in [0, -1, 1_000_001] {
                await #expect(throws: JobQueueError.self, "maxRunning \(bad)") {
                    try await store.submit([JobSubmission(kind: "test.noop", maxRunning: bad)])
                }
            }
            let counts = try await store.countsByState(tenant: nil)
            #expect(counts.isEmpty)
        }
    }

    @Test(arguments: StoreUnderTest.enabled)
    func aTenantAtItsLimitGetsNoMoreUntilOneFinishes(_ storeUnderTest: StoreUnderTest) async throws {
        try await storeUnderTest.withStore { store, clock in
            try await Self.submit(6, tenant: "a", maxRunning: 2, to: store)
            clock.advance(by: 1)
            try await Self.submit(5, tenant: "b", maxRunning: nil, to: store)
            let first = try await store.claim(ClaimRequest(worker: "w", limit: 20))
            #expect(Dictionary(grouping: first, by: \.tenant).mapValues(\.count) == ["a": 2, "b": 5])
            #expect(try await store.claim(ClaimRequest(worker: "w", limit: 20)).isEmpty, "a runs 2 of 2: nothing more to start")
            try await Self.complete(try #require(first.first { $0.tenant == "a" }), in: store)
            let next = try await store.claim(ClaimRequest(worker: "w", limit: 20))
            #expect(next.map(\.tenant) == ["a"], "one finished, one more starts")
            #expect(try await store.countsByState(tenant: "a") == [.running: 2, .completed: 1, .available: 3])
        }
    }

    @Test(arguments: StoreUnderTest.enabled)
    func aTenantAtItsLimitDoesNotTakeAnothersTurn(_ storeUnderTest: StoreUnderTest) async throws {
        try await storeUnderTest.withStore { store, clock in
            try await Self.submit(3, tenant: "a", maxRunning: 1, to: store)
            clock.advance(by: 1)
            try await Self.submit(3, tenant: "b", maxRunning: nil, to: store)
            let firstOfA = try await store.claimOne()
            #expect(firstOfA.tenant == "a", "a's job is the oldest")
            var order: [String] = []
            for _ in 0..<3 { order.append(try await store.claimOne().tenant) }
            #expect(order == ["b", "b", "b"], "claims of one job pass over a while it runs its one")
            #expect(try await store.claim(ClaimRequest(worker: "w", limit: 1)).isEmpty)
            try await Self.complete(firstOfA, in: store)
            #expect(try await store.claimOne().tenant == "a")
        }
    }

    @Test(arguments: StoreUnderTest.enabled)
    func concurrentClaimersTogetherStayWithinTheLimit(_ storeUnderTest: StoreUnderTest) async throws {
        try await storeUnderTest.withStore { store, clock in
            try await Self.submit(60, tenant: "a", maxRunning: 3, to: store)
            clock.advance(by: 1)
            try await Self.submit(20, tenant: "b", maxRunning: 4, to: store)
            let claimed = try await withThrowingTaskGroup(of: [Job].self) { group in
                for index in 0..<8 {
                    group.addTask {
                        var mine: [Job] = []
                        for _ in 0..<6 { mine += try await store.claim(ClaimRequest(worker: "worker-\(index)", limit: 2)) }
                        return mine
                    }
                }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            #expect(Dictionary(grouping: claimed, by: \.tenant).mapValues(\.count) == ["a": 3, "b": 4])
            #expect(try await store.countsByState(tenant: "a")[.running] == 3)
            #expect(try await store.countsByState(tenant: "b")[.running] == 4)
        }
    }
}
