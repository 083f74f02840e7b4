import Synchronization

/// The jobs a worker is running, each with its stop signal: what the heartbeat extends and what
/// shutdown stops.
final class RunningJobs: Sendable {
    private let jobs = Mutex<[JobID: JobStopSignal]>([:])

    init() {}

    var count: Int { jobs.withLock { $0.count } }
    var ids: [JobID] { jobs.withLock { Array($0.keys) } }

    /// Registers a claimed job and returns its stop signal.
    func insert(_ id: JobID) -> JobStopSignal {
        let signal = JobStopSignal()
        jobs.withLock { $0[id] = signal }
        return signal
    }

    func remove(_ id: JobID) {
        _ = jobs.withLock { $0.removeValue(forKey: id) }
    }

    /// Tells one job to stop (nothing when it is no longer running here).
    func stop(_ id: JobID, _ reason: JobStopReason) {
        jobs.withLock { $0[id] }?.fire(reason)
    }

    /// Tells every running job to stop.
    func stopAll(_ reason: JobStopReason) {
        for signal in jobs.withLock({ Array($0.values) }) { signal.fire(reason) }
    }
}
