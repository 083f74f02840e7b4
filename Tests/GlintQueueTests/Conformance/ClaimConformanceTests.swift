import Foundation
import GlintQueue
import GlintTestSupport
import Synchronization
import Testing

/// Claiming: exclusive, fair between tenants, in priority order within one, never early.
@Suite("JobStore conformance: claiming", .suiteTimeLimit)
struct ClaimConformanceTests {
    @Test(arguments: StoreUnderTest.enabled)
    func concurrentClaimersNeverShareAJobAndTogetherTakeAll(_ storeUnderTest: StoreUnderTest) async throws {
        try await storeUnderTest.withStore { store, _ in
            let submitted = Set(try await store.submitMany(500).map(\.id))
            let claims = try await withThrowingTaskGroup(of: [(String, Job)].self) { group in
                for index in 0..<8 {
                    group.addTask {
                        let worker = "worker-\(index)"
                        var mine: [(String, Job)] = []
                        while true {
                            let batch = try await store.claim(ClaimRequest(worker: worker, limit: 7))
                            if batch.isEmpty { return mine }
                            mine += batch.map { (worker, $0) }
                        }
                    }
                }
                var all: [(String, Job)] = []
                for try await claimed in group { all += claimed }
                return all
            }
            let ids = claims.map(\.1.id)
            #expect(ids.count == 500, "every job claimed once, got \(ids.count) claims")
            #expect(Set(ids) == submitted)
            for (worker, job) in claims {
                #expect(job.workerID == worker && job.state == .running && job.attempt == 1)
            }
            #expect(try await store.countsByState(tenant: nil) == [.running: 500])
        }
    }

    @Test(arguments: StoreUnderTest.enabled)
    func oneTenantsBacklogDoesNotStarveAnothersSingleJob(_ storeUnderTest: StoreUnderTest) async throws {
        try await storeUnderTest.withStore { store, clock in
            try await store.submitMany(2000, tenant: "tenant-a")
            clock.advance(by: 1)
            let lonely = try await store.submitOne(JobSubmission(kind: "test.noop", tenant: "tenant-b"))
            let claimed = try await store.claim(ClaimRequest(worker: "w", limit: 2))
            #expect(claimed.count == 2)
            #expect(claimed.contains { $0.id == lonely.id }, "tenant-b's job is in the first claim of 2")
            #expect(claimed.filter { $0.tenant == "tenant-a" }.count == 1)
        }
    }

    @Test(arguments: StoreUnderTest.enabled)
    func claimsShareRoundRobinBetweenTenants(_ storeUnderTest: StoreUnderTest) async throws {
        try await storeUnderTest.withStore { store, clock in
            try await store.submitMany(30, tenant: "a")
            clock.advance(by: 1)
            try await store.submitMany(30, tenant: "b")
            clock.advance(by: 1)
            try await store.submitMany(9, tenant: "c")
            for round in 0..<3 {
                let claimed = try await store.claim(ClaimRequest(worker: "w", limit: 9))
                let shares = Dictionary(grouping: claimed, by: \.tenant).mapValues(\.count)
                #expect(shares == ["a": 3, "b": 3, "c": 3], "round \(round): \(shares)")
            }
            // c has run out: a and b split the next claims evenly.
            let claimed = try await store.claim(ClaimRequest(worker: "w", limit: 10))
            #expect(Dictionary(grouping: claimed, by: \.tenant).mapValues(\.count) == ["a": 5, "b": 5])
        }
    }

    @Test(arguments: StoreUnderTest.enabled)
    func claimsOfOneJobTakeTurnsBetweenTenants(_ storeUnderTest: StoreUnderTest) async throws {
        try await storeUnderTest.withStore { store, clock in
            try await store.submitMany(500, tenant: "zeta")
            clock.advance(by: 1)
            try await store.submitMany(2, tenant: "alpha")
            clock.advance(by: 1)
            try await store.submitMany(1, tenant: "mid")
            var order: [String] = []
            for _ in 0..<7 { order.append(try await store.claimOne().tenant) }
            // Never served first, oldest waiting first among those; then in turn, skipping the
            // tenants that have run out.
            #expect(order == ["zeta", "alpha", "mid", "zeta", "alpha", "zeta", "zeta"])
        }
    }

    @Test(arguments: StoreUnderTest.enabled)
    func higherPriorityRunsFirstWithinATenant(_ storeUnderTest: StoreUnderTest) async throws {
        try await storeUnderTest.withStore { store, clock in
            var ids: [Int: JobID] = [:]
            for (index, priority) in [0, 5, -3, 10, 5].enumerated() {
                ids[index] = try await store.submitOne(JobSubmission(kind: "test.noop", priority: priority)).id
                clock.advance(by: 1)
            }
            var claimed: [JobID] = []
            for _ in 0..<5 { claimed.append(try await store.claimOne().id) }
            // 10, then the two 5s oldest first, then 0, then -3.
            #expect(claimed == [ids[3], ids[1], ids[4], ids[0], ids[2]].compactMap { $0 })
        }
    }

    @Test(arguments: StoreUnderTest.enabled)
    func aScheduledJobWaitsForItsTime(_ storeUnderTest: StoreUnderTest) async throws {
        try await storeUnderTest.withStore { store, clock in
            let job = try await store.submitOne(JobSubmission(kind: "test.noop", scheduledAt: clock.now().addingTimeInterval(60)))
            #expect(job.state == .scheduled)
            #expect(try await store.claim(ClaimRequest(worker: "w", limit: 10)).isEmpty)
            clock.advance(by: 59)
            #expect(try await store.claim(ClaimRequest(worker: "w", limit: 10)).isEmpty)
            clock.advance(by: 1)
            let claimed = try await store.claim(ClaimRequest(worker: "w", limit: 10))
            #expect(claimed.map(\.id) == [job.id])
        }
    }

    @Test(arguments: StoreUnderTest.enabled)
    func claimsTakeOnlyTheRequestedQueues(_ storeUnderTest: StoreUnderTest) async throws {
        try await storeUnderTest.withStore { store, _ in
            let media = try await store.submitMany(3, queue: "media")
            let mail = try await store.submitMany(2, queue: "mail")
            try await store.submitMany(4, queue: "other")
            let fromMedia = try await store.claim(ClaimRequest(worker: "w", queues: ["media"], limit: 10))
            #expect(Set(fromMedia.map(\.id)) == Set(media.map(\.id)))
            try await store.submitMany(1, queue: "media")
            let fromBoth = try await store.claim(ClaimRequest(worker: "w", queues: ["media", "mail"], limit: 10))
            #expect(fromBoth.count == 3)
            #expect(Set(mail.map(\.id)).isSubset(of: Set(fromBoth.map(\.id))))
            #expect(try await store.countsByState(tenant: nil) == [.running: 6, .available: 4])
        }
    }
}
