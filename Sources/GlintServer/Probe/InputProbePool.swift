import Foundation
import GlintJobs
import NIOPosix
import Synchronization

/// The threads that probe a submission's inputs (``InputLimits``, GlintProbe's `MediaProbe`): a
/// few of their own, so that a probe never runs on the event loops or the cooperative pool that
/// answer `/health/live` and every other request, with a bounded queue. A submission that finds
/// ``queueLimit`` probes running or waiting is refused at once with 503 `server-busy` and
/// `Retry-After`, rather than queued behind them.
///
/// One pool serves the process (``shared``): API nodes share it among their routes.
public final class InputProbePool: Sendable {
    /// Threads probing at once.
    public static let threadCount = 2
    /// Probes running or waiting at once; one more is refused.
    public static let defaultQueueLimit = 16
    /// The `Retry-After` of a refusal, in seconds.
    public static let retryAfterSeconds = 2

    /// The process's pool.
    public static let shared = InputProbePool(threads: threadCount, queueLimit: defaultQueueLimit)

    private let pool: NIOThreadPool
    private let admitted = Atomic<Int>(0)
    /// Probes running or waiting at once.
    public let queueLimit: Int

    /// A pool of `threads` threads (started now, never stopped) that admits `queueLimit` probes at once.
    public init(threads: Int, queueLimit: Int) {
        pool = NIOThreadPool(numberOfThreads: threads)
        pool.start()
        self.queueLimit = queueLimit
    }

    /// Probes `inputs` on the pool's threads and checks them against `limits`.
    /// - Throws: ``InputTooLargeError`` for an input over a limit; a `server-busy` ``Problem``
    ///   when ``queueLimit`` probes are already admitted.
    func check(_ limits: InputLimits, inputs: [String: URL]) async throws {
        let before = admitted.wrappingAdd(1, ordering: .acquiringAndReleasing).oldValue
        defer { admitted.wrappingSubtract(1, ordering: .acquiringAndReleasing) }
        guard before < queueLimit else {
            throw Problem(
                .serverBusy, detail: "\(queueLimit) submissions are having their inputs checked: try again shortly",
                headers: [.retryAfter: String(Self.retryAfterSeconds)])
        }
        try await pool.runIfActive { try limits.check(inputs: inputs) }
    }
}
