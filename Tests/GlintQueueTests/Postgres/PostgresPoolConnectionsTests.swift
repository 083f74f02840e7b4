import Foundation
import GlintTestSupport
import InMemoryLogging
import Logging
import PostgresNIO
import Testing

@testable import GlintQueue

/// The records a pool's background logger keeps of its connections, from postgres-nio's own
/// events, and what it still passes on.
@Suite("PostgresPoolConnections", .suiteTimeLimit)
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
        let seen = InMemoryLogHandler()
        let logger = PostgresPoolConnections().logger(passing: Logger(label: "test") { _ in seen }, level: .error)
        logger.debug("Connection leased", metadata: ["psql_connection_id": "1"])
        logger.error("Connection creation failed", metadata: ["psql_connection_id": "2"])
        #expect(seen.entries == [.init(level: .error, message: "Connection creation failed", metadata: ["psql_connection_id": "2"])])
    }

    @Test(
        "a real pool's events: the connections it opened for a query, none once it has stopped",
        .requires(.postgres))
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
