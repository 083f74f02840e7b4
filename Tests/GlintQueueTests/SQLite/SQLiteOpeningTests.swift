import Foundation
import GRDB
import GlintQueue
import GlintTestSupport
import Testing

/// An SQLite file that another process holds while it sets it up is opened once that process lets go.
@Suite("SQLite files opened by several processes at once", .suiteTimeLimit)
struct SQLiteOpeningTests {
    @Test("an open that SQLite answers 'database is locked' at once is tried again until the lock goes, within its patience")
    func openWaitsForALockHeldElsewhere() throws {
        let directory = try TemporaryDirectory("glint-sqlite-open")
        defer { directory.remove() }
        let path = directory.path + "/held.sqlite"
        var holding = Configuration()
        holding.allowsUnsafeTransactions = true
        let holder = try DatabaseQueue(path: path, configuration: holding)
        try holder.writeWithoutTransaction { try $0.execute(sql: "CREATE TABLE t(x INTEGER)") }
        // An exclusive lock, as a process switching a new file to WAL or recovering it holds one.
        try holder.writeWithoutTransaction { try $0.execute(sql: "BEGIN EXCLUSIVE") }
        var configuration = Configuration()
        configuration.busyMode = .immediateError
        #expect(throws: DatabaseError.self) { try DatabasePool(path: path, configuration: configuration) }

        let patient = ContinuousClock.now
        let error = #expect(throws: DatabaseError.self) {
            try DatabasePool.openedAlongsideOtherProcesses(path: path, configuration: configuration, patience: .milliseconds(300))
        }
        #expect(error?.resultCode == .SQLITE_BUSY && ContinuousClock.now - patient >= .milliseconds(100), "\(String(describing: error))")

        let release = Thread {
            Thread.sleep(forTimeInterval: 0.3)
            try? holder.writeWithoutTransaction { try $0.execute(sql: "COMMIT") }
        }
        release.start()
        let pool = try DatabasePool.openedAlongsideOtherProcesses(path: path, configuration: configuration)
        #expect(try pool.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM t") } == 0)
    }
}
