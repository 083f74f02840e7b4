/// Where a job is in its life.
///
/// ```
/// scheduled ──(time comes)──> available ──(claimed)──> running ──> completed
///                                 ^                       │
///                                 └──── retryable <───────┤ (failed, attempts left; after backoff)
///                                                         ├──> discarded (failed, no attempts left, or a permanent error)
///                                                         └──> cancelled (asked to stop)
/// ```
/// A queued job (scheduled, available, retryable) can be cancelled directly; a running one is asked
/// to stop and becomes `cancelled` when its worker notices at the next progress check.
public enum JobState: String, Sendable, Codable, CaseIterable, CustomStringConvertible {
    /// Waiting for its scheduled time.
    case scheduled
    /// Ready to be claimed by a worker.
    case available
    /// Claimed by a worker, which holds a lease on it.
    case running
    /// Finished successfully; its outputs are recorded.
    case completed
    /// Failed and waiting for its backoff to pass before another attempt.
    case retryable
    /// Stopped on request; never runs again unless retried by hand.
    case cancelled
    /// Failed for good (attempts exhausted or a permanent error); every attempt's error is kept.
    case discarded

    public var description: String { rawValue }

    /// Waiting to run: scheduled, available or retryable.
    public var isQueued: Bool { self == .scheduled || self == .available || self == .retryable }

    /// Will never change again on its own: completed, cancelled or discarded.
    public var isFinished: Bool { self == .completed || self == .cancelled || self == .discarded }
}
