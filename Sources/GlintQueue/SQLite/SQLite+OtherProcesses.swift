import Foundation
import GRDB
import GlintCore

extension DatabaseMigrator {
    /// Applies the pending migrations when several processes may open a new file at once: the
    /// migrator reads the applied versions before it takes the write lock, so the loser of that race
    /// finds the tables already there and fails; it then sees the migrations complete and carries
    /// on (up to 5 tries, then the last error).
    public func migrateAlongsideOtherProcesses(_ database: DatabasePool) throws {
        var attempt = 0
        while true {
            do {
                try migrate(database)
                return
            } catch {
                if (try? database.read({ try hasCompletedMigrations($0) })) == true { return }
                attempt += 1
                if attempt == 5 { throw error }
            }
        }
    }
}

extension DatabasePool {
    /// Opens the pool at `path` when other processes may be opening or closing the same file (a
    /// `glint worker` starting while `glint jobs submit` runs): while one of them switches a new
    /// file to WAL, recovers it, or cleans up after its last connection, SQLite answers "database is
    /// locked" at once instead of waiting on the busy timeout (its WAL documentation, "Sometimes
    /// Queries Return SQLITE_BUSY In WAL Mode"). Such an open is tried again, for `patience` at
    /// most, 10 ms apart at first and 200 ms at most, on `clock`; any other error is thrown at once.
    public static func openedAlongsideOtherProcesses(
        path: String, configuration: Configuration, patience: Duration = .seconds(10), clock: any WallClock = SystemWallClock()
    ) throws -> DatabasePool {
        let deadline = clock.deadline(after: patience)
        var pause = Duration.milliseconds(10)
        while true {
            do {
                return try DatabasePool(path: path, configuration: configuration)
            } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY && clock.remaining(until: deadline) > pause {
                clock.sleepBlocking(for: pause)
                pause = min(pause * 2, .milliseconds(200))
            }
        }
    }
}
