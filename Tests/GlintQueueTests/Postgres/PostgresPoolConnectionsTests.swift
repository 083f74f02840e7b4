import Foundation
import Logging
import PostgresNIO
import Synchronization
import Testing

@testable import GlintQueue

/// The records a pool's background logger keeps of its connections, from postgres-nio's own
/// events, and what it still passes on.
@Suite("PostgresPoolConnections")
struct PostgresPoolConnectionsTests {
    @Test("each connection's latest event is kept; a closed connection, or one that failed to connect, is forgotten")
    func records() {
        let connections = PostgresPoolConnections()
        let logger = connections.logger(passing: Logger(label: "test"), level: .error)
        for (message, id) in [
            ("Creating new connection", 1), ("Creating new connection", 2), ("Creating new connection", 3), ("run ping pong", 1),
            ("Close connection", 2), ("Connection closed", 2), ("Connection creation failed", 3), ("Close connection", 1),
        ] {
            logger.debug("\(message)", metadata: ["psql_connection_id": "\(id)"])
        }
        logger.debug("Creating new connection")  // no connection named: nothing to record
        let open = connections.openConnections()
        #expect(open.count == 1)
        #expect(open.first?.hasPrefix("connection 1: latest \"Close connection\" 0 s ago") == true, "\(open)")
    }

    @Test("only events at the level or above reach the logger it was made from, with their metadata")
    func passesOn() {
        let seen = Seen()
        let upstream = Logger(label: "test") { _ in RecordingLogHandler(seen: seen) }
        let logger = PostgresPoolConnections().logger(passing: upstream, level: .error)
        logger.debug("Connection leased", metadata: ["psql_connection_id": "1"])
        logger.error("Connection creation failed", metadata: ["psql_connection_id": "2"])
        #expect(seen.lines.withLock { $0 } == ["error Connection creation failed psql_connection_id=2"])
    }

    @Test(
        "a real pool's events: the connections it opened for a query, none once it has stopped",
        .enabled(if: PostgresTestDatabase.isAvailable, "GLINT_TEST_POSTGRES_URL is not set"))
    func realPool() async throws {
        let connections = PostgresPoolConnections()
        let logger = Logger(label: "glint.queue.tests.postgres")
        let configuration = try PostgresTestDatabase.configuration(schema: PostgresTestDatabase.freshSchema())
        let client = PostgresClient(configuration: configuration.client, backgroundLogger: connections.logger(passing: logger, level: .error))
        try await PostgresClientLifetime.run(
            "the test's pool", logger: logger, connections: connections, background: { await client.run() },
            body: {
                try await client.query("SELECT 1")
                let open = connections.openConnections()
                #expect(!open.isEmpty && open.allSatisfy { $0.contains(": latest \"Creating new connection\"") }, "\(open)")
            })
        #expect(connections.openConnections().isEmpty, "the pool closed every connection it opened")
    }
}

/// What a ``RecordingLogHandler`` was given.
private final class Seen: Sendable {
    let lines = Mutex<[String]>([])
}

/// Keeps what it is given as `level message key=value`.
private struct RecordingLogHandler: LogHandler {
    let seen: Seen
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace
    var metadataProvider: Logger.MetadataProvider?

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let fields = (event.metadata ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        seen.lines.withLock { $0.append(([event.level.rawValue, event.message.description] + fields).joined(separator: " ")) }
    }
}
