import GlintCore
import GlintQueue

extension JobsBackend {
    /// Follows the job until it finishes (completed, cancelled or discarded) and returns it: asks
    /// for it every `pollInterval` on `clock`, which `timeout` is measured on too.
    /// - Parameters:
    ///   - id: The job.
    ///   - timeout: How long to wait; nil for as long as it takes.
    ///   - pollInterval: How often to ask.
    ///   - clock: What the polls and the timeout go by (the system's; a `ManualWallClock` in tests).
    ///   - progress: Called with the job each time it is found unfinished.
    /// - Throws: the backend's errors, or a `JobQueueError` of kind `invalidState` (a `conflict`)
    ///   when `timeout` passes first.
    public func wait(
        for id: JobID, timeout: Duration? = nil, pollInterval: Duration = .milliseconds(200), clock: any WallClock = SystemWallClock(),
        progress: (JobDocument) -> Void = { _ in }
    ) async throws -> JobDocument {
        let deadline = timeout.map { clock.deadline(after: $0) }
        while true {
            let job = try await job(id)
            if job.isFinished { return job }
            progress(job)
            if let deadline, let timeout, clock.remaining(until: deadline) <= .zero {
                throw JobQueueError(.invalidState, "job \(id): still \(job.state) after \(timeout.seconds) s")
            }
            try await clock.sleep(for: deadline.map { min(pollInterval, clock.remaining(until: $0)) } ?? pollInterval)
        }
    }
}
