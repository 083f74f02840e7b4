import Foundation
import PostgresNIO

extension PostgresJobStore {
    /// Where the store connects and how: the server (from a `postgres://` URL), the pool size, an
    /// optional schema of its own, and how often it may tell other processes about new jobs.
    public struct Configuration: Sendable {
        /// What postgres-nio connects with (host, port, user, password, database, TLS, pool size).
        public var client: PostgresClient.Configuration
        /// Connections for queries (the listener holds one more of its own).
        public var poolSize: Int
        /// The schema the tables live in, created when missing; nil for the server's `search_path`
        /// (normally `public`). Stores with different schemas in one database are independent queues.
        public var schema: String?
        /// At most one `NOTIFY` per this interval per process: submissions in between are announced
        /// together at its end (an in-process waiter is woken at once regardless).
        public var notifyInterval: Duration

        /// - Parameters:
        ///   - url: `postgres://user:password@host:port/database` (also `postgresql://`); `?sslmode=`
        ///     `disable` (the default), `prefer` or `require`.
        ///   - poolSize: connections for queries, 1...200.
        ///   - schema: a schema of the store's own (letters, digits and `_`), or nil.
        public init(url: String, poolSize: Int = 8, schema: String? = nil, notifyInterval: Duration = .milliseconds(2)) throws(JobQueueError) {
            guard let components = URLComponents(string: url),
                components.scheme == "postgres" || components.scheme == "postgresql",
                let host = components.host, !host.isEmpty
            else {
                throw JobQueueError(
                    .invalidStoreLocation, "store '\(JobStoreLocation.postgres(url: url))': not a PostgreSQL URL (postgres://user:password@host:port/database)")
            }
            guard (1...200).contains(poolSize) else {
                throw JobQueueError(.invalidStoreLocation, "store '\(JobStoreLocation.postgres(url: url))': pool size \(poolSize) is outside 1...200")
            }
            if let schema {
                guard !schema.isEmpty, schema.utf8.count <= 40,
                    schema.utf8.allSatisfy({ $0 == UInt8(ascii: "_") || (0x30...0x39).contains($0) || (0x61...0x7A).contains($0) })
                else {
                    throw JobQueueError(.invalidStoreLocation, "schema '\(schema)': use 1-40 lower-case letters, digits and _")
                }
            }
            let tls: PostgresClient.Configuration.TLS
            switch components.queryItems?.first(where: { $0.name == "sslmode" })?.value ?? "disable" {
            case "disable": tls = .disable
            case "prefer", "allow": tls = .prefer(.makeClientConfiguration())
            case "require", "verify-ca", "verify-full": tls = .require(.makeClientConfiguration())
            case let other:
                throw JobQueueError(.invalidStoreLocation, "store '\(JobStoreLocation.postgres(url: url))': unknown sslmode '\(other)'")
            }
            let database = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
            var client = PostgresClient.Configuration(
                host: host, port: components.port ?? 5432,
                username: components.percentEncodedUser?.removingPercentEncoding ?? "postgres",
                password: components.percentEncodedPassword?.removingPercentEncoding,
                database: database.isEmpty ? nil : database.removingPercentEncoding,
                tls: tls
            )
            client.options.maximumConnections = poolSize + 1
            client.options.connectionIdleTimeout = .seconds(30)
            // Prepared statements are planned once, not on every execution: PostgreSQL's default
            // (`auto`) keeps re-planning the claim, whose planning costs more than running it (about
            // 1.5 ms against 0.5 ms). Every query here is written for a generic plan: fixed shape,
            // parameters in index conditions, no value-dependent plan choices worth re-planning for.
            // JIT compilation is off: a generic plan's estimates (an unknown LIMIT) can pass
            // `jit_above_cost`, and compiling the claim then takes 1.5 s for a query that runs in 1 ms.
            client.options.additionalStartupParameters = [("plan_cache_mode", "force_generic_plan"), ("jit", "off")]
            if let schema {
                client.options.additionalStartupParameters.append(("search_path", schema))
            }
            self.client = client
            self.poolSize = poolSize
            self.schema = schema
            self.notifyInterval = notifyInterval
        }

        /// The `LISTEN`/`NOTIFY` channel on which submissions are announced (one per schema).
        var jobsChannel: String { schema.map { "glint_jobs_\($0)" } ?? "glint_jobs" }
        /// The channel on which cancellation of a running job is announced (payload: the job id).
        var cancelChannel: String { schema.map { "glint_cancel_\($0)" } ?? "glint_cancel" }
    }
}
