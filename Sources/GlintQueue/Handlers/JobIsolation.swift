/// Where a worker that has runner processes (`glint serve`, `glint worker`) runs a kind's jobs: a
/// requirement of every ``JobHandler``, with no default, so that each new kind says whether what it
/// reads is parsed by code that must be kept away from the worker (``JobHandlerRegistry/isolated(_:)``).
///
/// A kind that decodes, renders or parses an upload with a C library runs in a runner: a process
/// of its own per tenant, with limits, under bubblewrap and a seccomp filter
/// (``JobRunnerConfiguration``). A kind runs in the worker's own process only for a reason that
/// says why nothing it does can be exploited by what a tenant sends.
public enum JobIsolation: Sendable, Equatable {
    /// In a runner process, at `priority`.
    case runner(RunnerPriority)
    /// In the worker's own process, for `reason` (shown in the documentation of the kind).
    case inProcess(reason: String)

    /// How a runner's jobs are scheduled (``JobRunnerLimits/idlePriority``).
    public enum RunnerPriority: Sendable, Equatable {
        /// At the runner's nice value with the batch policy: short jobs.
        case batch
        /// At idle priority (`SCHED_IDLE`): jobs that work through a movie, frame by frame (seconds
        /// of CPU on every core), so that the API answers as fast while they run as when nothing does.
        case idle
    }

    /// Whether jobs of the kind run in a runner.
    public var runsInRunner: Bool {
        if case .runner = self { return true }
        return false
    }
}
