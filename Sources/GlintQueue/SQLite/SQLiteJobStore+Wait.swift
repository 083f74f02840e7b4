import Foundation
import GRDB
import GlintCore

#if canImport(Glibc)
    import Glibc
#endif

extension SQLiteJobStore {
    /// Returns at once when jobs are claimable now; otherwise when this process signals a change
    /// (`WakeUpSignal`), when another process bumps `queue_signal` (polled every `pollInterval`,
    /// and read only once the write-ahead log changed: see ``WriteAheadLogState``), or when
    /// `timeout` passes.
    @discardableResult
    public func waitForJobs(in queues: [String], timeout: Duration) async throws -> Bool {
        let deadline = clock.deadline(after: timeout)
        let generation = wakeUps.generation
        let queueList = String(decoding: try JSONEncoder().encode(queues), as: UTF8.self)
        let clock = self.clock
        let (claimable, version) = try await read("wait for jobs") { db in
            // The version first: it starts the snapshot. A job committed before it is seen here
            // with a time before `now`; one committed after it changes the version.
            let version = try Self.signalVersion(db)
            let now = SQLiteTimestamp.microseconds(clock.now())
            let claimable =
                try Bool.fetchOne(
                    db.cachedStatement(
                        sql: """
                            SELECT EXISTS (SELECT 1 FROM jobs
                                WHERE \(SQLiteSchema.queuedStates) AND queue IN (SELECT value FROM json_each(?)) AND scheduled_at <= ?)
                            """), arguments: [queueList, now]) ?? false
            return (claimable, version)
        }
        if claimable { return true }
        var log = WriteAheadLogState(of: path)
        while !Task.isCancelled {
            let remaining = clock.remaining(until: deadline)
            if remaining <= .zero { return false }
            await wakeUps.wait(since: generation, timeout: min(remaining, pollInterval), on: clock)
            if wakeUps.generation != generation { return true }
            let now = WriteAheadLogState(of: path)
            if now == log { continue }
            log = now
            if try await read("wait for jobs", Self.signalVersion) != version { return true }
        }
        return false
    }

    public func jobChangeMark() -> JobChangeMark {
        let log = WriteAheadLogState(of: path)
        return JobChangeMark(generation: jobChanges.generation, log: [Int64(bitPattern: log.inode), log.size, log.modified, log.changed])
    }

    /// Returns when this process wrote (``jobChanges``), or when the write-ahead log changed since
    /// the mark (a commit of any process; `stat`ed every `pollInterval`), or at `timeout`, both on
    /// the store's clock.
    public func waitForJobChange(since mark: JobChangeMark, timeout: Duration) async {
        let deadline = clock.deadline(after: timeout)
        while !Task.isCancelled {
            let remaining = clock.remaining(until: deadline)
            if remaining <= .zero { return }
            let now = jobChangeMark()
            if now.generation != mark.generation || now.log != mark.log { return }
            await jobChanges.wait(since: mark.generation, timeout: min(remaining, pollInterval), on: clock)
        }
    }

    /// What `stat` says of the database's write-ahead log (`<path>-wal`): every commit, of any
    /// process, writes to it, so while it is unchanged nothing was committed and `queue_signal`
    /// need not be read. A `stat` is one system call; a read is a trip through GRDB's reader
    /// queue and back, 20 times a second per waiting worker, each a handful of thread wake-ups
    /// that the API's requests would otherwise queue behind on a busy machine. A change this
    /// misses (a log rewritten to the same size, inode and time) is found at the wait's timeout.
    struct WriteAheadLogState: Equatable {
        var inode: UInt64 = 0
        var size: Int64 = -1
        /// Last modification and status change, in nanoseconds.
        var modified: Int64 = 0
        var changed: Int64 = 0

        init(of databasePath: String) {
            var status = stat()
            guard stat(databasePath + "-wal", &status) == 0 else { return }
            inode = UInt64(status.st_ino)
            size = Int64(status.st_size)
            modified = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
            changed = Int64(status.st_ctim.tv_sec) * 1_000_000_000 + Int64(status.st_ctim.tv_nsec)
        }
    }

    @Sendable static func signalVersion(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(db.cachedStatement(sql: "SELECT version FROM queue_signal WHERE id = 1")) ?? 0
    }
}
