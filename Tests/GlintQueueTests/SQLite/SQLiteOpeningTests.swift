import Foundation
import GRDB
import GlintCore
import GlintQueue
import GlintTestSupport
import Testing

/// An SQLite file that another process holds while it sets it up is opened once that process lets go.
@Suite("SQLite files opened by several processes at once", .suiteTimeLimit)
struct SQLiteOpeningTests {
    /// A file whose connection `holder` holds an exclusive lock on, as a process switching a new
    /// file to WAL or recovering it holds one; `COMMIT` on it lets go.
    struct HeldFile {
        let path: String
        let holder: DatabaseQueue

        init(in directory: TemporaryDirectory) throws {
            path = directory.path + "/held.sqlite"
            var holding = Configuration()
            holding.allowsUnsafeTransactions = true
            holder = try DatabaseQueue(path: path, configuration: holding)
            try holder.writeWithoutTransaction { try $0.execute(sql: "CREATE TABLE t(x INTEGER)") }
            try holder.writeWithoutTransaction { try $0.execute(sql: "BEGIN EXCLUSIVE") }
        }

        func release() throws { try holder.writeWithoutTransaction { try $0.execute(sql: "COMMIT") } }
    }

    /// A configuration that answers "database is locked" at once rather than on a busy timeout.
    static var immediate: Configuration {
        var configuration = Configuration()
        configuration.busyMode = .immediateError
        return configuration
    }

    /// Runs `open` on a thread of its own, for 60 s at most: past it the clock is moved an hour on,
    /// so that the open's pause ends (its patience with it) and the thread ends too.
    static func opening<R: Sendable>(_ what: String, clock: ManualWallClock, _ open: @escaping @Sendable () throws -> R) -> Task<R, any Error> {
        Task {
            try await Waiting.within(.seconds(60), what) {
                try await withTaskCancellationHandler {
                    try await OwnThread.run(open)
                } onCancel: {
                    clock.advance(by: .seconds(3600))
                }
            }
        }
    }

    @Test("an open that SQLite answers 'database is locked' at once is tried again while its patience lasts, then gives that error")
    func openGivesUpOnceItsPatienceRanOut() async throws {
        let directory = try TemporaryDirectory("glint-sqlite-open")
        defer { directory.remove() }
        let file = try HeldFile(in: directory)
        let path = file.path
        #expect(throws: DatabaseError.self) { try DatabasePool(path: path, configuration: Self.immediate) }

        let clock = ManualWallClock()
        let opening = Self.opening("the open to give up", clock: clock) {
            try DatabasePool.openedAlongsideOtherProcesses(path: path, configuration: Self.immediate, patience: .milliseconds(300), clock: clock)
        }
        // Locked: it waits on the clock to try again, and after that first pause (10 ms) again.
        try await Waiting.within(.seconds(60), "the open's first pause") { await clock.sleepers(1) }
        clock.advance(by: .milliseconds(10))
        try await Waiting.within(.seconds(60), "the open's second pause") { await clock.sleepers(1) }
        // Its patience runs out while the file is still held: the error is SQLite's.
        clock.advance(by: .milliseconds(300))
        guard case .failure(let error) = await opening.result else {
            Issue.record("opened a file another connection holds exclusively")
            return
        }
        #expect((error as? DatabaseError)?.resultCode == .SQLITE_BUSY, "\(error)")
        try file.release()
    }

    @Test("an open that SQLite answers 'database is locked' at once succeeds once the lock goes, within its patience")
    func openWaitsForALockHeldElsewhere() async throws {
        let directory = try TemporaryDirectory("glint-sqlite-open")
        defer { directory.remove() }
        let file = try HeldFile(in: directory)
        let path = file.path

        let clock = ManualWallClock()
        let opening = Self.opening("the open to succeed", clock: clock) {
            try DatabasePool.openedAlongsideOtherProcesses(path: path, configuration: Self.immediate, clock: clock)
        }
        // Locked: it waits on the clock to try again. The holder lets go meanwhile.
        try await Waiting.within(.seconds(60), "the open's first pause") { await clock.sleepers(1) }
        try file.release()
        clock.advance(by: .seconds(1))
        let pool = try await opening.value
        let rows = try await pool.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM t") }
        #expect(rows == 0)
    }
}
