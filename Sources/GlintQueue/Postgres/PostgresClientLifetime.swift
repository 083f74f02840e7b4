import Foundation
import GlintCore
import Logging

/// Stops a store's background task (a postgres-nio pool, its listener and notifier) without
/// letting it hold the process: the task is cancelled and waited for at most a while. After a
/// long, busy run a postgres-nio pool (1.33.2) has been seen never to finish closing: its cancelled
/// `run()` did not ask some of its connections to close (Benchmarks/README, the soak at e90f7fa);
/// the process then stops anyway, the sockets left to its exit.
public enum PostgresClientLifetime {
    /// How long a store's background task may take to stop.
    public static let stopTimeout = Duration.seconds(10)

    /// Runs `background` in a task of its own for the duration of `body`, then stops it (at most
    /// ``stopTimeout``), whether `body` returns or throws. A pool that does not stop in time is
    /// logged with the connections it has not closed (`connections`: its background logger's records).
    public static func run<R>(
        _ what: String, logger: Logger, connections: PostgresPoolConnections? = nil, background: @escaping @Sendable () async -> Void,
        body: () async throws -> R
    ) async throws -> R {
        let task = Task { await background() }
        do {
            let result = try await body()
            await stop(task, what, logger: logger, connections: connections)
            return result
        } catch {
            await stop(task, what, logger: logger, connections: connections)
            throw error
        }
    }

    /// Cancels `task` and waits for it at most ``stopTimeout`` (of the connections' clock).
    static func stop(_ task: Task<Void, Never>, _ what: String, logger: Logger, connections: PostgresPoolConnections? = nil) async {
        let clock = connections?.clock ?? SystemWallClock()
        task.cancel()
        var timer: Task<Void, Never>?
        let stopped = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let once = ResumeOnce(continuation)
            Task {
                await task.value
                once.resume(true)
            }
            timer = Task {
                await clock.pause(for: stopTimeout)
                once.resume(false)
            }
        }
        timer?.cancel()
        if !stopped {
            let open = connections?.openConnections() ?? []
            logger.warning(
                "\(what) did not stop within \(stopTimeout); the process goes on stopping without it",
                metadata: open.isEmpty ? nil : ["openConnections": "\(open.joined(separator: "; "))"])
        }
    }

    /// Resumes a continuation once, whichever caller comes first.
    final class ResumeOnce: @unchecked Sendable {
        private let lock = NSLock()
        private var continuation: CheckedContinuation<Bool, Never>?

        init(_ continuation: CheckedContinuation<Bool, Never>) { self.continuation = continuation }

        func resume(_ value: Bool) {
            lock.lock()
            let pending = continuation
            continuation = nil
            lock.unlock()
            pending?.resume(returning: value)
        }
    }
}
