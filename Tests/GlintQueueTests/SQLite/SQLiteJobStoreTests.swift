import Foundation
import GlintCore
import GlintQueue
import GlintTestSupport
import Synchronization
import Testing

/// What only the SQLite store promises: the file, sharing it between store instances (as
/// processes do), and its wake-up rules.
@Suite("SQLiteJobStore", .suiteTimeLimit)
struct SQLiteJobStoreTests {
    @Test func opensCreatingDirectoriesAndKeepsJobsAcrossReopening() async throws {
        let directory = try TemporaryDirectory("glint-sqlite")
        defer { directory.remove() }
        let path = directory.file("data/nested/queue.sqlite").path
        let first = try SQLiteJobStore(path: path)
        let job = try await first.submitOne(JobSubmission(kind: .ringsRender, tenant: "acme"))
        try await first.close()
        #expect(FileManager.default.fileExists(atPath: path))

        let second = try SQLiteJobStore(path: path)
        try await second.migrate()  // already current: a no-op
        #expect(try await second.job(job.id, tenant: "acme")?.kind == .ringsRender)
        try await second.close()
    }

    @Test func storesOpeningANewFileAtOnceMigrateItOnce() async throws {
        let directory = try TemporaryDirectory("glint-sqlite")
        defer { directory.remove() }
        let path = directory.file("queue.sqlite").path
        // Separate pools, separate connections: as separate processes would open it.
        let stores = try await withThrowingTaskGroup(of: SQLiteJobStore.self) { group in
            for _ in 0..<6 { group.addTask { try SQLiteJobStore(path: path) } }
            var stores: [SQLiteJobStore] = []
            for try await store in group { stores.append(store) }
            return stores
        }
        for (index, store) in stores.enumerated() {
            try await store.submitOne(JobSubmission(kind: "test.noop", tenant: "t\(index)"))
        }
        #expect(try await stores[0].countsByState(tenant: nil) == [.available: 6])
        for store in stores { try await store.close() }
    }

    @Test func aPathThatCannotHoldADatabaseIsAClearError() throws {
        let directory = try TemporaryDirectory("glint-sqlite")
        defer { directory.remove() }
        try Data("not a directory".utf8).write(to: directory.file("file"))
        let path = directory.file("file/queue.sqlite").path
        do {
            _ = try SQLiteJobStore(path: path)
            Issue.record("opening \(path) should fail")
        } catch let error as JobQueueError {
            #expect(error.kind == .storeUnavailable)
            #expect(error.problem.contains(path))
        }
    }

    @Test func aFileThatIsNotADatabaseIsAClearError() throws {
        let directory = try TemporaryDirectory("glint-sqlite")
        defer { directory.remove() }
        let path = directory.file("queue.sqlite").path
        try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: path))
        #expect(throws: JobQueueError.self) { try SQLiteJobStore(path: path) }
    }

    @Test func storesSharingAFileNeverClaimTheSameJob() async throws {
        let directory = try TemporaryDirectory("glint-sqlite")
        defer { directory.remove() }
        let path = directory.file("queue.sqlite").path
        let stores = try (0..<3).map { _ in try SQLiteJobStore(path: path) }
        let submitted = Set(try await stores[0].submitMany(300).map(\.id))
        let claimed = try await withThrowingTaskGroup(of: [JobID].self) { group in
            for (index, store) in stores.enumerated() {
                for worker in 0..<2 {
                    group.addTask {
                        var ids: [JobID] = []
                        while true {
                            let batch = try await store.claim(ClaimRequest(worker: "p\(index)-w\(worker)", limit: 10))
                            if batch.isEmpty { return ids }
                            ids += batch.map(\.id)
                            _ = try await store.complete(batch.map { JobCompletion(id: $0.id, worker: "p\(index)-w\(worker)", outputs: [:]) })
                        }
                    }
                }
            }
            var all: [JobID] = []
            for try await ids in group { all += ids }
            return all
        }
        #expect(claimed.count == 300 && Set(claimed) == submitted)
        #expect(try await stores[1].countsByState(tenant: nil) == [.completed: 300])
        for store in stores { try await store.close() }
    }

    @Test func aSubmitThroughAnotherStoreOnTheFileWakesAWaiter() async throws {
        let directory = try TemporaryDirectory("glint-sqlite")
        defer { directory.remove() }
        let path = directory.file("queue.sqlite").path
        // The waiter looks at the file when its clock moves by its poll interval; it does not
        // move by itself.
        let clock = ManualWallClock()
        let waiting = try SQLiteJobStore(path: path, clock: clock)
        let submitting = try SQLiteJobStore(path: path)
        let submitted = TestFlag()
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                let woken = try await waiting.waitForJobs(in: [JobSubmission.defaultQueue], timeout: .seconds(60))
                #expect(woken)
                let wasSubmitted = submitted.isSet
                #expect(wasSubmitted, "returned before anything was submitted")
            }
            try await Waiting.within(.seconds(60), "the waiter to wait") { await clock.sleepers(1) }
            submitted.set()
            try await submitting.submitOne(JobSubmission(kind: "test.noop"))
            clock.advance(by: waiting.pollInterval)
            try await group.waitForAll()
        }
        try await waiting.close()
        try await submitting.close()
    }

    @Test func aJobChangedThroughAnotherStoreOnTheFileWakesAWatcher() async throws {
        let directory = try TemporaryDirectory("glint-sqlite")
        defer { directory.remove() }
        let path = directory.file("queue.sqlite").path
        let clock = ManualWallClock()
        let watching = try SQLiteJobStore(path: path, clock: clock)
        let working = try SQLiteJobStore(path: path)
        try await working.submitOne(JobSubmission(kind: "test.noop"))
        let job = try await working.claimOne()
        let mark = watching.jobChangeMark()
        let reported = TestFlag()
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                // Woken by the change, not by the timeout: the clock moves by one poll interval, not
                // the minute.
                await watching.waitForJobChange(since: mark, timeout: .seconds(60))
                let wasReported = reported.isSet
                #expect(wasReported, "returned before the job changed")
            }
            try await Waiting.within(.seconds(60), "the watcher to wait") { await clock.sleepers(1) }
            reported.set()
            _ = try await working.reportProgress(job.id, worker: job.workerID ?? "", progress: JobProgress(fraction: 0.5, message: "half"))
            clock.advance(by: watching.pollInterval)
            try await group.waitForAll()
        }
        // A change before the wait begins, after the mark, ends the wait at once (the clock stays).
        let before = watching.jobChangeMark()
        _ = try await working.reportProgress(job.id, worker: job.workerID ?? "", progress: JobProgress(fraction: 0.75, message: "more"))
        try await Waiting.within(.seconds(60), "a wait for a change made already") {
            await watching.waitForJobChange(since: before, timeout: .seconds(60))
        }
        try await watching.close()
        try await working.close()
    }

    @Test func waitingReturnsAtOnceWhenJobsAreClaimable() async throws {
        try await StoreUnderTest.sqlite.withStore { store, _ in
            try await store.submitOne(JobSubmission(kind: "test.noop"))
            let woken = try await store.waitForJobs(in: [JobSubmission.defaultQueue], timeout: .seconds(60))
            #expect(woken)
        }
    }

    @Test func jobsInOtherQueuesOrInTheFutureDoNotEndAWait() async throws {
        try await StoreUnderTest.sqlite.withStore { store, clock in
            try await store.submitOne(JobSubmission(kind: "test.noop", queue: "elsewhere"))
            try await store.submitOne(JobSubmission(kind: "test.noop", scheduledAt: clock.now().addingTimeInterval(3600)))
            let woken = try await waitForJobsPastTheTimeout(store, clock: clock, timeout: .milliseconds(400))
            #expect(!woken)
        }
    }
}
