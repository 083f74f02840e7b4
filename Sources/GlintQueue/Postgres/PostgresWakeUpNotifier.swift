import Foundation
import GlintCore
import Logging
import PostgresNIO
import Synchronization

/// Tells other processes that jobs became claimable, with `NOTIFY`, debounced: at most one `NOTIFY`
/// statement per `interval` per process, sent after the submitting transaction committed (never
/// inside it: notifying commits are serialised by PostgreSQL, which is what cut Oban's insert rate
/// threefold). Queues announced within one interval go out together in the next statement.
final class PostgresWakeUpNotifier: Sendable {
    private let pending = Mutex<Set<String>>([])
    private let doorbell: AsyncStream<Void>
    private let ring: AsyncStream<Void>.Continuation
    private let channel: String
    private let interval: Duration
    private let clock: any WallClock
    /// Prefixes every payload (`<sender>:<queue>`), so that a store ignores its own announcements.
    let sender = UUID().uuidString.lowercased()

    init(channel: String, interval: Duration, clock: any WallClock) {
        self.clock = clock
        (doorbell, ring) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        self.channel = channel
        self.interval = interval
    }

    /// Asks for `queues` to be announced (returns at once).
    func announce(_ queues: some Sequence<String>) {
        let added = pending.withLock { pending in
            let before = pending.count
            pending.formUnion(queues)
            return pending.count > before
        }
        if added { ring.yield() }
    }

    /// Sends the announcements until the task is cancelled.
    func run(client: PostgresClient, logger: Logger) async {
        for await _ in doorbell {
            let queues = pending.withLock { pending in
                defer { pending = [] }
                return Array(pending)
            }
            guard !queues.isEmpty else { continue }
            do {
                try await client.query("SELECT pg_notify(\(channel), \(sender) || ':' || queue) FROM unnest(\(queues)::text[]) AS queue", logger: logger)
            } catch {
                // The pool closes (and closes its connections) before this task is cancelled when
                // the store stops: nobody is left to notify for.
                if Task.isCancelled || Self.isShutdown(error) { return }
                logger.warning(
                    "job store: NOTIFY failed; other processes find the jobs at their next poll", metadata: ["error": "\(String(reflecting: error))"])
            }
            do { try await clock.sleep(for: interval) } catch { return }
        }
    }

    /// Whether `error` says the client is closing (the store stopping), not that NOTIFY failed. The
    /// pool's own shutdown error is not public in postgres-nio, hence its name is matched.
    static func isShutdown(_ error: any Error) -> Bool {
        if let error = error as? PSQLError, [.clientClosedConnection, .poolClosed].contains(error.code) { return true }
        return String(describing: error).contains("poolShutdown")
    }

    /// Ends `run` once what is pending has been sent.
    func finish() { ring.finish() }
}
