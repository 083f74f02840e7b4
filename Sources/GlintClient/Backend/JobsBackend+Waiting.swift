import GlintQueue

extension JobsBackend {
    /// Follows the job until it finishes (completed, cancelled or discarded) and returns it.
    /// - Parameters:
    ///   - id: The job.
    ///   - timeout: How long to wait; nil for as long as it takes.
    ///   - pollInterval: How often to ask.
    ///   - progress: Called with the job each time it is found unfinished.
    /// - Throws: the backend's errors, or a `JobQueueError` of kind `invalidState` (a `conflict`)
    ///   when `timeout` passes first.
    public func wait(
        for id: JobID, timeout: Duration? = nil, pollInterval: Duration = .milliseconds(200),
        progress: (JobDocument) -> Void = { _ in }
    ) async throws -> JobDocument {
        let deadline = timeout.map { ContinuousClock.now + $0 }
        while true {
            let job = try await job(id)
            if job.isFinished { return job }
            progress(job)
            if let deadline, let timeout, ContinuousClock.now >= deadline {
                throw JobQueueError(.invalidState, "job \(id): still \(job.state) after \(Self.seconds(timeout)) s")
            }
            try await Task.sleep(for: pollInterval)
        }
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
