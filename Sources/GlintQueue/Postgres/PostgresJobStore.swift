import Foundation
import GlintCore
import Logging
import PostgresNIO
import ServiceLifecycle
import Synchronization

/// A `JobStore` on PostgreSQL, for many workers on many machines (postgres-nio's `PostgresClient`,
/// a connection pool).
///
/// Claims are one statement (`FOR UPDATE SKIP LOCKED` inside a CTE, fair between tenants), completions
/// one statement per batch; workers wait on `LISTEN`/`NOTIFY` (one listening connection per store,
/// debounced `NOTIFY`s after commit). Every time comes from the injected `WallClock`, never `now()`.
///
/// The client and the listener need a running task: use ``withStore(url:clock:logger:poolSize:schema:_:)``
/// (structured: the store lives for the closure), add the store to a ServiceLifecycle `ServiceGroup`
/// (it is a `Service`: ``run()``, then ``migrate()``), or ``open(configuration:clock:logger:)`` with
/// ``close()`` (the store runs in a task of its own until closed).
public final class PostgresJobStore: JobStore, Service {
    public let clock: any WallClock
    public let configuration: Configuration
    let client: PostgresClient
    let logger: Logger
    let wakeUps = JobWakeUps()
    /// Signalled when a job may have changed, here or in another process (``waitForJobChange(since:timeout:)``).
    let jobChanges = WakeUpSignal()
    let notifier: PostgresWakeUpNotifier
    private let ownTask = Mutex<Task<Void, Never>?>(nil)
    /// The pool's connections, as its own events tell them.
    let poolConnections: PostgresPoolConnections

    /// A store that is not running yet: see ``run()``.
    public init(configuration: Configuration, clock: any WallClock = SystemWallClock(), logger: Logger) {
        self.configuration = configuration
        self.clock = clock
        self.logger = logger
        // postgres-nio warns when a query waits for `run()` to begin, which `withRunning` and `open` do
        // by design (they migrate while the pool starts); query failures reach callers as errors.
        let connections = PostgresPoolConnections(clock: clock)
        self.poolConnections = connections
        self.client = PostgresClient(
            configuration: configuration.client, backgroundLogger: connections.logger(passing: logger, level: max(logger.logLevel, .error)))
        self.notifier = PostgresWakeUpNotifier(channel: configuration.jobsChannel, interval: configuration.notifyInterval, clock: clock)
    }

    /// Runs the connection pool, the listener and the notifier until the task is cancelled or a
    /// graceful shutdown is signalled. Queries wait until this runs.
    public func run() async throws {
        await cancelWhenGracefulShutdown {
            await withDiscardingTaskGroup { group in
                group.addTask { await self.client.run() }
                group.addTask { await self.listenForJobs() }
                group.addTask { await self.notifier.run(client: self.client, logger: self.logger) }
            }
        }
    }

    /// Connects to `url`, migrates, runs `body` with the store, and stops the store when `body` returns
    /// or throws.
    /// - Parameters:
    ///   - url: `postgres://user:password@host:port/database`.
    ///   - clock: the time the store stamps and compares with.
    ///   - poolSize: connections for queries (one more listens).
    ///   - schema: a schema of the store's own, or nil for the default `search_path`.
    public static func withStore<Result>(
        url: String, clock: any WallClock = SystemWallClock(), logger: Logger, poolSize: Int = 8, schema: String? = nil,
        _ body: (PostgresJobStore) async throws -> Result
    ) async throws -> Result {
        let store = PostgresJobStore(configuration: try Configuration(url: url, poolSize: poolSize, schema: schema), clock: clock, logger: logger)
        return try await store.withRunning(body)
    }

    /// Runs the store around `body` (after migrating), then stops it.
    /// The pool is stopped when `body` ends, waited for at most ``PostgresClientLifetime/stopTimeout``.
    public func withRunning<Result>(_ body: (PostgresJobStore) async throws -> Result) async throws -> Result {
        try await PostgresClientLifetime.run(
            "the job store's PostgreSQL pool", logger: logger, connections: poolConnections, background: { try? await self.run() },
            body: {
                try await self.migrate()
                return try await body(self)
            })
    }

    /// Opens a store that runs in a task of its own until ``close()``: for callers that cannot keep a
    /// scope open (prefer ``withStore(url:clock:logger:poolSize:schema:_:)``). Migrates before returning.
    public static func open(configuration: Configuration, clock: any WallClock = SystemWallClock(), logger: Logger) async throws -> PostgresJobStore {
        let store = PostgresJobStore(configuration: configuration, clock: clock, logger: logger)
        store.ownTask.withLock { $0 = Task { try? await store.run() } }
        do {
            try await store.migrate()
        } catch {
            try? await store.close()
            throw error
        }
        return store
    }

    /// ``open(configuration:clock:logger:)`` for a `postgres://` URL (`--store`).
    public static func open(url: String, clock: any WallClock = SystemWallClock(), logger: Logger, poolSize: Int = 8) async throws -> PostgresJobStore {
        try await open(configuration: try Configuration(url: url, poolSize: poolSize), clock: clock, logger: logger)
    }

    /// Stops a store opened with ``open(configuration:clock:logger:)`` (its connections close), waiting
    /// for the pool at most ``PostgresClientLifetime/stopTimeout``: a pool that never finishes closing
    /// must not hold its caller. A store run by ``run()`` stops when that task is cancelled.
    public func close() async throws {
        let task = ownTask.withLock { task in
            defer { task = nil }
            return task
        }
        guard let task else { return }
        await PostgresClientLifetime.stop(task, "the job store's PostgreSQL pool", logger: logger, connections: poolConnections)
    }

    public func migrate() async throws {
        try await perform("migrate the schema") {
            try await PostgresMigrator(client: client, schema: configuration.schema, logger: logger).migrate()
        }
    }

    /// The current time, as PostgreSQL will keep it (whole microseconds).
    var now: Date { clock.now().postgresPrecision }

    /// Runs a database operation, turning driver errors into `JobQueueError(.storeUnavailable)`.
    func perform<T>(_ what: String, _ operation: () async throws -> T) async throws -> T {
        do {
            return try await operation()
        } catch let error as JobQueueError {
            throw error
        } catch let error as CancellationError {
            throw error
        } catch {
            throw JobQueueError(.storeUnavailable, "PostgreSQL job store: could not \(what): \(String(reflecting: error))")
        }
    }
}
