import Foundation
import GlintCore
import Logging
import Synchronization

/// Sends a running job's progress to the store, no more often than an interval, and turns the
/// store's answer into the job's stop signal.
final class JobProgressReporter: Sendable {
    /// Where a due report goes: the store (the worker), or the parent process (a runner).
    typealias Send = @Sendable (JobProgress) async throws -> LeaseStatus

    let send: Send
    let stop: JobStopSignal
    let interval: Duration
    let logger: Logger
    /// The clock the interval goes by, which the handler's own waits go by too (``JobContext/clock``).
    let clock: any WallClock
    private let lastSent = Mutex<Date?>(nil)

    convenience init(store: any JobStore, jobID: JobID, worker: String, stop: JobStopSignal, interval: Duration, logger: Logger) {
        self.init(stop: stop, interval: interval, clock: store.clock, logger: logger) { progress in
            try await store.reportProgress(jobID, worker: worker, progress: progress)
        }
    }

    init(stop: JobStopSignal, interval: Duration, clock: any WallClock, logger: Logger, send: @escaping Send) {
        self.send = send
        self.clock = clock
        self.stop = stop
        self.interval = interval
        self.logger = logger
    }

    func report(_ progress: JobProgress) async throws {
        if stop.reason != nil { throw CancellationError() }
        try Task.checkCancellation()
        let now = clock.now()
        let due = lastSent.withLock { last -> Bool in
            guard progress.fraction >= 1 || last.map({ now.timeIntervalSince($0) >= interval.seconds }) ?? true else { return false }
            last = now
            return true
        }
        guard due else { return }
        let status: LeaseStatus
        do {
            status = try await send(progress)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            // A store hiccup is not the job's failure; the heartbeat keeps the lease.
            logger.warning("progress not recorded", metadata: ["error": "\(error)"])
            return
        }
        switch status {
        case .held: return
        case .cancelRequested:
            stop.fire(.cancelRequested)
            throw CancellationError()
        case .lost:
            stop.fire(.leaseLost)
            throw CancellationError()
        }
    }
}
