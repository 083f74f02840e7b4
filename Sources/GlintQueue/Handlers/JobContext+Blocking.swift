import Foundation
import GlintCore
import Synchronization

extension JobContext {
    /// Runs blocking work (a Live Photo edit, a badge composite: C libraries that hold their
    /// thread) on a thread of its own, off Swift's cooperative pool, and forwards the progress it
    /// reports to ``progress(_:_:)`` every so often.
    ///
    /// When the job must stop meanwhile this throws `CancellationError`, but only once `body` has
    /// returned: blocking library calls cannot be interrupted, so the thread is always waited
    /// for (nothing is left running behind the job).
    /// - Parameter body: The work; it gets a callback for the fraction done and a message.
    public func runBlocking<T: Sendable>(
        _ name: String, _ body: @escaping @Sendable (_ progress: @escaping @Sendable (Double, String) -> Void) throws -> T
    ) async throws -> T {
        let latest = LatestProgress()
        let report: @Sendable (Double, String) -> Void = { fraction, message in
            latest.value.withLock { $0 = JobProgress(fraction: fraction, message: message) }
        }
        let (interval, clock) = (reporter.interval, reporter.clock)
        return try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { try await BlockingThread.run(name: name) { try body(report) } }
            group.addTask {
                while true {
                    try await clock.sleep(for: interval)
                    if let progress = latest.value.withLock({ $0.take() }) {
                        try await self.progress(progress.fraction, progress.message)
                    }
                }
            }
            // The first child to end is the work (the reporter only ends by throwing).
            defer { group.cancelAll() }
            while let value = try await group.next() {
                if let value { return value }
            }
            throw CancellationError()
        }
    }
}

/// The latest progress a blocking body reported, waiting to be forwarded.
final class LatestProgress: Sendable {
    let value = Mutex<JobProgress?>(nil)
}
