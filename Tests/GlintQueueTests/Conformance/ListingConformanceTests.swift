import Foundation
import GlintQueue
import GlintTestSupport
import Testing

/// Reading many jobs: filters, pages, counts, and pruning what is finished.
@Suite("JobStore conformance: listing and retention", .suiteTimeLimit)
struct ListingConformanceTests {
    @Test(arguments: StoreUnderTest.enabled)
    func pagesVisitEveryJobOnceNewestFirst(_ storeUnderTest: StoreUnderTest) async throws {
        try await storeUnderTest.withStore { store, clock in
            var all: [Job] = []
            for round in 0..<5 {
                all += try await store.submitMany(7)  // seven jobs share each creation time
                clock.advance(by: round == 2 ? 0.000_001 : 1)
            }
            var seen: [Job] = []
            var cursor: String?
            var pages = 0
            repeat {
                let page = try await store.jobs(matching: JobFilter(limit: 4, cursor: cursor))
                #expect(page.jobs.count <= 4)
                seen += page.jobs
                cursor = page.nextCursor
                pages += 1
            } while cursor != nil && pages < 100
            #expect(seen.count == 35)
            #expect(Set(seen.map(\.id)) == Set(all.map(\.id)))
            let times = seen.map(\.createdAt)
            #expect(times == times.sorted(by: >), "newest first")
        }
    }

    @Test(arguments: StoreUnderTest.enabled)
    func filtersSelectByStateKindTenantQueueAndBatch(_ storeUnderTest: StoreUnderTest) async throws {
        try await storeUnderTest.withStore { store, _ in
            let rings = try await store.submitMany(3, tenant: "acme", kind: .ringsRender, batch: "b-1")
            let badges = try await store.submitMany(2, tenant: "acme", kind: .badgeApply, queue: "badges")
            let other = try await store.submitMany(4, tenant: "globex", kind: .ringsRender, batch: "b-2")
            let running = try await store.claim(ClaimRequest(worker: "w", queues: ["badges"], limit: 1))
            #expect(running.count == 1)

            func ids(_ filter: JobFilter) async throws -> Set<JobID> {
                Set(try await store.jobs(matching: filter).jobs.map(\.id))
            }
            #expect(try await ids(JobFilter(tenant: "acme")) == Set((rings + badges).map(\.id)))
            #expect(try await ids(JobFilter(kinds: [.ringsRender])) == Set((rings + other).map(\.id)))
            #expect(try await ids(JobFilter(kinds: [.ringsRender, .badgeApply])).count == 9)
            #expect(try await ids(JobFilter(batch: "b-2")) == Set(other.map(\.id)))
            #expect(try await ids(JobFilter(queue: "badges")) == Set(badges.map(\.id)))
            #expect(try await ids(JobFilter(states: [.running])) == Set(running.map(\.id)))
            #expect(try await ids(JobFilter(tenant: "globex", states: [.available], kinds: [.ringsRender], batch: "b-2")) == Set(other.map(\.id)))
            #expect(try await ids(JobFilter(tenant: "globex", states: [.running])).isEmpty)

            #expect(try await store.countsByState(tenant: nil) == [.available: 8, .running: 1])
            #expect(try await store.countsByState(tenant: "acme") == [.available: 4, .running: 1])
            #expect(try await store.countsByState(tenant: "nobody").isEmpty)
        }
    }

    @Test(arguments: StoreUnderTest.enabled)
    func pruneDeletesOnlyJobsFinishedBeforeTheDate(_ storeUnderTest: StoreUnderTest) async throws {
        try await storeUnderTest.withStore { store, clock in
            let start = clock.now()
            try await store.submitMany(5)
            let completed = try await store.claimOne()
            _ = try await store.complete([JobCompletion(id: completed.id, worker: "worker-1", outputs: [:])])
            clock.advance(by: 10)
            let discarded = try await store.claimOne()
            _ = try await store.fail(
                JobFailure(id: discarded.id, worker: "worker-1", code: "bad-parameters", message: "no", permanent: true, retryAt: clock.now()))
            clock.advance(by: 10)
            let cancelled = try #require(try await store.jobs(matching: JobFilter(states: [.available], limit: 1)).jobs.first)
            _ = try await store.cancel(cancelled.id, tenant: nil)
            let running = try await store.claimOne()
            clock.advance(by: 1000)  // old, but not finished: never pruned

            #expect(try await store.prune(finishedBefore: start.addingTimeInterval(15)) == 2)
            #expect(try await store.job(completed.id, tenant: nil) == nil)
            #expect(try await store.job(discarded.id, tenant: nil) == nil)
            #expect(try await store.reload(cancelled).state == .cancelled)
            #expect(try await store.reload(running).state == .running)
            #expect(try await store.countsByState(tenant: nil) == [.cancelled: 1, .running: 1, .available: 1])
            #expect(try await store.prune(finishedBefore: clock.now()) == 1)
            #expect(try await store.prune(finishedBefore: clock.now()) == 0)
        }
    }
}
