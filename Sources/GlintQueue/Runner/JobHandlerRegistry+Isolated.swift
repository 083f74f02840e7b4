import Foundation

extension JobHandlerRegistry {
    /// This registry with `kinds` run in runner processes: each attempt of one of them starts
    /// `runner` (which must register the same kinds), sends it the job and its staged inputs, and
    /// maps how it ended (see ``JobRunnerConfiguration``; crashes, deadlines and the memory limit
    /// become `runner-crashed`, `time-limit` and `memory-limit`). Parameters are still decoded here,
    /// so bad ones are refused without starting a runner. Kinds not registered are ignored. The
    /// kinds share one ``JobRunnerPool`` of warm runners, retired by ``shutdown()``.
    ///
    /// ```swift
    /// let runner = JobRunnerConfiguration(executable: URL(fileURLWithPath: "/proc/self/exe"))
    /// let handlers = JobHandlerRegistry.glint.isolated(runner, kinds: [.livePhotoEdit])
    /// ```
    public func isolated(_ runner: JobRunnerConfiguration, kinds: some Sequence<JobKind>) -> JobHandlerRegistry {
        var registry = self
        let pool = JobRunnerPool(runner)
        for kind in kinds {
            guard var entry = registry.entries[kind] else { continue }
            entry.run = { _, context in try await IsolatedJobRun(pool: pool, context: context).run() }
            registry.entries[kind] = entry
        }
        registry.shutdownActions.append { pool.shutdown() }
        return registry
    }
}
