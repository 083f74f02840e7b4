import Foundation
import GlintCore
import Logging
import Synchronization

/// What a postgres-nio pool's own events say of its connections: which are open, and the latest
/// event of each (`Creating new connection`, `run ping pong`, `Close connection`, ...; the pool
/// tells no leases). The pool tells them only to its background logger, at debug level, so
/// ``logger(passing:level:)`` makes that logger: it keeps these records and passes on what is at
/// the given level or above. A pool that does not stop can then say which connections hold it,
/// and where each stopped (``PostgresClientLifetime``).
public final class PostgresPoolConnections: Sendable {
    /// One connection's latest event, and when.
    struct Record: Sendable {
        var event: String
        var at: Date
    }

    /// The events after which a connection holds no socket.
    static let endings: Set<String> = ["Connection closed", "Connection creation failed"]

    private let records = Mutex<[String: Record]>([:])
    /// What the records' times are read from (and the pool's stop waits on).
    let clock: any WallClock

    public init(clock: any WallClock = SystemWallClock()) {
        self.clock = clock
    }

    /// A background logger for `PostgresClient`: the records are kept from every event, and the
    /// events at `level` or above reach `logger`.
    public func logger(passing logger: Logger, level: Logger.Level) -> Logger {
        var upstream = logger
        upstream.logLevel = level
        var pool = Logger(label: logger.label) { _ in PoolLogHandler(connections: self, upstream: upstream) }
        pool.logLevel = .debug
        return pool
    }

    /// Takes one of the pool's events into the records.
    func record(_ message: String, connection: String) {
        let record = Record(event: message, at: clock.now())
        records.withLock { $0[connection] = Self.endings.contains(message) ? nil : record }
    }

    /// The connections the pool has not closed, a line each: `connection 7: latest "Close
    /// connection" 12 s ago`.
    public func openConnections() -> [String] {
        let now = clock.now()
        return records.withLock { $0 }.sorted { $0.key < $1.key }.map { id, record in
            "connection \(id): latest \"\(record.event)\" \(Int(now.timeIntervalSince(record.at))) s ago"
        }
    }
}

/// The handler behind ``PostgresPoolConnections/logger(passing:level:)``.
struct PoolLogHandler: LogHandler {
    /// postgres-nio's metadata key for a connection's id.
    static let connectionKey = "psql_connection_id"

    let connections: PostgresPoolConnections
    let upstream: Logger
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .debug
    var metadataProvider: Logger.MetadataProvider?

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        if let connection = merged[Self.connectionKey] {
            connections.record(event.message.description, connection: connection.description)
        }
        upstream.log(
            level: event.level, event.message, metadata: merged, source: event.source, file: event.file, function: event.function, line: event.line)
    }
}
