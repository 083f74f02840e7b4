import Foundation
import GRDB
import GlintCore
public import Logging

/// The default job store: one SQLite file (GRDB `DatabasePool`, WAL mode), no server.
///
/// Several processes may share the file (workers and the CLI on one machine): every write is an
/// immediate transaction, and a busy connection waits up to ten seconds for the lock instead of
/// failing. The schema is migrated when the store opens (`SQLiteSchema`).
///
/// `synchronous = NORMAL`: in WAL mode the database cannot be corrupted by a crash, but the last
/// transactions before a power loss may be lost; a completed job may then run again, and its
/// outputs, being content-addressed blobs, are simply written again.
///
/// Waiting workers are woken at once by changes made in this process and within
/// `pollInterval` by changes made by other processes (`queue_signal` is polled).
public final class SQLiteJobStore: JobStore {
    public let clock: any WallClock
    /// The database file.
    public let path: String
    let database: DatabasePool
    let logger: Logger
    let wakeUps = WakeUpSignal()
    /// Signalled after every write of this process (``waitForJobChange(since:timeout:)``).
    let jobChanges = WakeUpSignal()
    /// How often `waitForJobs` looks for changes made by other processes.
    public let pollInterval: Duration = .milliseconds(50)

    /// Opens (creating it and its parent directories when missing) and migrates the store at `path`.
    ///
    /// - Parameters:
    ///   - path: The SQLite file, e.g. `<data directory>/queue.sqlite`.
    ///   - clock: Where every recorded and compared time comes from.
    ///   - logger: Where the store logs opening, migrations and rescues.
    /// - Throws: `JobQueueError(.storeUnavailable)` naming the file when it cannot be opened or migrated.
    public init(path: String, clock: any WallClock = SystemWallClock(), logger: Logger = Logger(label: "glint.queue.sqlite")) throws {
        self.path = path
        self.clock = clock
        self.logger = logger
        let directory = (path as NSString).deletingLastPathComponent
        do {
            if !directory.isEmpty { try OwnerOnlyFiles.createDirectory(at: URL(fileURLWithPath: directory)) }
            // Owner-only from the start; SQLite gives its -wal and -shm files the database's mode.
            try OwnerOnlyFiles.prepareDatabaseFile(atPath: path)
        } catch {
            throw JobQueueError(.storeUnavailable, "SQLite job store \(path): cannot create it or its directory: \(error.localizedDescription)")
        }
        var configuration = Configuration()
        configuration.label = "glint.queue"
        configuration.busyMode = .timeout(10)
        configuration.maximumReaderCount = 4
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            // 32 MiB of page cache (the default is 2 MiB): the indexes of a 100,000-job queue stay in memory.
            try db.execute(sql: "PRAGMA cache_size = -32768")
        }
        do {
            database = try DatabasePool.openedAlongsideOtherProcesses(path: path, configuration: configuration, clock: clock)
            try SQLiteSchema.migrate(database)
        } catch {
            throw JobQueueError(.storeUnavailable, "SQLite job store \(path): cannot open or migrate: \(Self.describe(error))")
        }
        logger.debug("opened SQLite job store", metadata: ["path": "\(path)"])
    }

    public func migrate() async throws {
        do {
            try SQLiteSchema.migrate(database)
        } catch {
            throw JobQueueError(.storeUnavailable, "SQLite job store \(path): cannot migrate: \(Self.describe(error))")
        }
    }

    public func close() async throws {
        do {
            try database.close()
        } catch {
            throw JobQueueError(.storeUnavailable, "SQLite job store \(path): cannot close: \(Self.describe(error))")
        }
    }

    // MARK: - Access

    /// Runs `body` in an immediate write transaction; database errors become `.storeUnavailable`
    /// naming the file and the operation.
    func write<T: Sendable>(_ operation: String, _ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        do {
            let result = try await database.write(body)
            jobChanges.signal()
            return result
        } catch {
            throw failure(of: operation, error)
        }
    }

    /// Runs `body` on a snapshot of the database.
    func read<T: Sendable>(_ operation: String, _ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        do {
            return try await database.read(body)
        } catch {
            throw failure(of: operation, error)
        }
    }

    /// Runs a point read (one job by its id: the API's most frequent read) on the calling thread:
    /// it takes microseconds, where ``read(_:_:)`` goes to a reader's queue and back, two thread
    /// wake-ups the request waits for (each up to a scheduler tick on a busy machine).
    func readHere<T>(_ operation: String, _ body: (Database) throws -> T) throws -> T {
        do {
            return try database.read(body)
        } catch {
            throw failure(of: operation, error)
        }
    }

    /// `error` as the store throws it: a `JobQueueError` as it is, any other (a database error)
    /// as `.storeUnavailable` naming the file and the operation.
    private func failure(of operation: String, _ error: any Error) -> JobQueueError {
        error as? JobQueueError ?? JobQueueError(.storeUnavailable, "SQLite job store \(path): \(operation) failed: \(Self.describe(error))")
    }

    /// The clock's time as the store records it.
    func now() -> Int64 { SQLiteTimestamp.microseconds(clock.now()) }

    /// Tells waiting workers in other processes that jobs may be claimable (same transaction as the change).
    static func bumpSignal(_ db: Database) throws {
        try db.cachedStatement(sql: "UPDATE queue_signal SET version = version + 1 WHERE id = 1").execute()
    }

    static func fetchJob(_ db: Database, id: JobID, tenant: String? = nil) throws -> Job? {
        let sql = "SELECT \(SQLiteJobColumns.selection) FROM jobs WHERE id = ?"
        guard let row = try Row.fetchOne(db.cachedStatement(sql: sql), arguments: [id.description]) else { return nil }
        let job = try SQLiteJobColumns.job(from: row)
        if let tenant, job.tenant != tenant { return nil }
        return job
    }

    static func describe(_ error: any Error) -> String {
        if let error = error as? DatabaseError { return error.message ?? "\(error.resultCode)" }
        return "\(error)"
    }
}
