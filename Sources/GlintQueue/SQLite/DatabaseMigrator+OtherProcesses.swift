import GRDB

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
