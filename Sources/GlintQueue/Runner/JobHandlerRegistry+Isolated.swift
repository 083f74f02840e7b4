import Foundation

extension JobHandlerRegistry {
    /// The kinds whose handlers say they run in a runner (``JobIsolation/runner(_:)``), sorted.
    public var runnerKinds: [JobKind] {
        kinds.filter { entries[$0]?.isolation.runsInRunner == true }
    }

    /// Where jobs of `kind` run, as its handler says; nil for a kind without a handler.
    public func isolation(of kind: JobKind) -> JobIsolation? {
        entries[kind]?.isolation
    }

    /// This registry with the ``runnerKinds`` run in runner processes: each attempt of one of them
    /// is sent to a runner started from `runner` (which must register the same kinds), with its
    /// staged inputs, and how it ended is mapped (see ``JobRunnerConfiguration``; crashes,
    /// deadlines and the memory limit become `runner-crashed`, `time-limit` and `memory-limit`).
    /// Kinds at ``JobIsolation/RunnerPriority/idle`` join ``JobRunnerConfiguration/idlePriorityKinds``
    /// (unless ``JobRunnerConfiguration/usesIdlePriority`` is false).
    /// Parameters are still decoded here, so bad ones are refused without starting a runner. The
    /// kinds share one ``JobRunnerPool`` of warm runners, retired by ``shutdown()``.
    ///
    /// ```swift
    /// let runner = JobRunnerConfiguration(executable: URL(fileURLWithPath: "/proc/self/exe"))
    /// let handlers = JobHandlerRegistry.glint.isolated(runner)
    /// ```
    public func isolated(_ runner: JobRunnerConfiguration) -> JobHandlerRegistry {
        var registry = self
        var runner = runner
        for kind in runnerKinds where runner.usesIdlePriority && entries[kind]?.isolation == .runner(.idle) { runner.idlePriorityKinds.insert(kind) }
        let pool = JobRunnerPool(runner)
        for kind in runnerKinds {
            registry.entries[kind]?.run = { _, context in try await IsolatedJobRun(pool: pool, context: context).run() }
        }
        registry.shutdownActions.append { pool.shutdown() }
        return registry
    }
}
