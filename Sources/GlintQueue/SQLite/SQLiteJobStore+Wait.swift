import Foundation
import GRDB

extension SQLiteJobStore {
    /// Returns at once when jobs are claimable now; otherwise when this process signals a change
    /// (`WakeUpSignal`), when another process bumps `queue_signal` (polled every `pollInterval`),
    /// or when `timeout` passes.
    @discardableResult
    public func waitForJobs(in queues: [String], timeout: Duration) async throws -> Bool {
        let deadline = ContinuousClock.now + timeout
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
        while !Task.isCancelled {
            let remaining = ContinuousClock.now.duration(to: deadline)
            if remaining <= .zero { return false }
            await wakeUps.wait(since: generation, timeout: min(remaining, pollInterval))
            if wakeUps.generation != generation { return true }
            if try await read("wait for jobs", Self.signalVersion) != version { return true }
        }
        return false
    }

    @Sendable static func signalVersion(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(db.cachedStatement(sql: "SELECT version FROM queue_signal WHERE id = 1")) ?? 0
    }
}
