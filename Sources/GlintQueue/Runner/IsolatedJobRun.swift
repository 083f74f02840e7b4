import Foundation
import GlintCore
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The parent's side of one attempt run in a runner process: takes a runner from the pool (a warm
/// one of the job's tenant, or a new one), copies the inputs into the runner's folder, sends the
/// request, forwards its progress to the job's context, enforces the deadline, turns how the runner
/// ended into the attempt's outputs (moved into the attempt's output folder) or error, and gives
/// the runner back (kept only after a success).
///
/// | the runner | the attempt |
/// | --- | --- |
/// | wrote its outputs | succeeds with them; the runner may serve the tenant's next job |
/// | wrote a typed error | fails with it (code, message, permanence as thrown) |
/// | killed by a signal | `runner-crashed`, naming the signal |
/// | still running at the deadline (killed), or SIGXCPU | `time-limit` |
/// | died or failed (any error) with its peak address space within 10% of the limit | `memory-limit` |
/// | exited without a result | `runner-crashed` with its exit status |
///
/// The second `runner-crashed`, `time-limit` or `memory-limit` of one job is permanent: the job
/// is discarded rather than fed to runners again. A stop (cancellation, lost lease, shutdown)
/// kills the runner with SIGKILL at once; so does cancelling the task.
struct IsolatedJobRun: Sendable {
    let pool: JobRunnerPool
    let context: JobContext
    var runner: JobRunnerConfiguration { pool.configuration }

    /// What the watchdog saw while the runner ran.
    private final class Watch: Sendable {
        let state = Mutex<(timedOut: Bool, stopped: Bool, peakBytes: Int)>((false, false, 0))
    }

    func run() async throws -> [String: URL] {
        let kind = context.job.kind
        let runners = context.outputDirectory.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("runners")
        let warm = try pool.checkout(tenant: context.job.tenant, kind: kind, runners: runners)
        var succeeded = false
        defer { pool.checkin(warm, succeeded: succeeded && warm.job.empty()) }
        let request = try await prepare(warm.job, kind: kind)
        let watch = Watch()
        let watchdog = startWatchdog(warm.process, watch, deadline: runner.clock.deadline(after: runner.deadline(for: kind)))
        defer { watchdog.cancel() }
        let (result, termination) = try await withTaskCancellationHandler {
            warm.send(request) ? try await collect(from: warm, watch) : (nil, await Self.end(of: warm))
        } onCancel: {
            warm.process.kill()
        }
        let outputs = try takeOutputs(outcome(result, termination, watch, process: warm.process), from: warm.job)
        succeeded = true
        return outputs
    }

    /// Copies the inputs into the runner's job folder; returns the request that names them. The
    /// copies (megabytes for a Live Photo) are made on a thread of their own, off the cooperative
    /// pool the API answers on.
    private func prepare(_ job: RunnerJobFolder, kind: JobKind) async throws -> JobRunnerRequest {
        let staged = context.inputs
        let copies: [String: String]
        do {
            copies = staged.isEmpty ? [:] : try await BlockingThread.run(name: "glint-runner-inputs") { try job.copyInputs(staged) }
        } catch {
            throw JobHandlerError(code: .handlerFailed, message: "could not give the runner its inputs: \(error.localizedDescription)", permanent: false)
        }
        return JobRunnerRequest(job: context.job, inputs: copies, outputDirectory: job.outputs.path, cpuSeconds: runner.cpuSeconds(for: kind))
    }

    /// Forwards the runner's progress until its result line, or until it ends.
    private func collect(from warm: WarmRunner, _ watch: Watch) async throws -> (JobRunnerLine?, JobRunnerProcess.Termination?) {
        while true {
            switch await warm.next() {
            case .exited(let termination): return (nil, termination)
            case .line(let data):
                guard let line = try? JSONDecoder().decode(JobRunnerLine.self, from: data) else { continue }
                guard let progress = line.progress else { return (line, nil) }
                do {
                    try await context.progress(progress.fraction, progress.message)
                } catch {
                    watch.state.withLock { $0.stopped = true }
                    warm.process.kill()
                }
            }
        }
    }

    /// How a runner that could not be given its job ended.
    private static func end(of warm: WarmRunner) async -> JobRunnerProcess.Termination {
        warm.process.kill()
        while true {
            if case .exited(let termination) = await warm.next() { return termination }
        }
    }

    /// Moves the outputs the runner named from its job folder into the attempt's output folder.
    private func takeOutputs(_ outputs: [String: String], from job: RunnerJobFolder) throws -> [String: URL] {
        try outputs.mapValues { path in
            let destination = context.outputDirectory.appendingPathComponent(URL(fileURLWithPath: path).lastPathComponent)
            try job.takeOutput(path, to: destination)
            return destination
        }
    }

    /// Kills the runner at the deadline (one sleep on the runners' clock until then) or when the
    /// job must stop; samples its peak memory. It looks first after 50 ms: most jobs of the short
    /// kinds are over by then.
    private func startWatchdog(_ process: JobRunnerProcess, _ watch: Watch, deadline: Date) -> Task<Void, Never> {
        let (context, clock) = (context, runner.clock)
        return Task {
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    guard (try? await clock.sleep(until: deadline)) != nil else { return }
                    watch.state.withLock { $0.timedOut = true }
                    process.kill()
                }
                group.addTask {
                    while !Task.isCancelled {
                        await clock.pause(for: .milliseconds(50))
                        if Task.isCancelled { return }
                        if let peak = process.peakVirtualBytes { watch.state.withLock { $0.peakBytes = max($0.peakBytes, peak) } }
                        if context.shouldStop {
                            watch.state.withLock { $0.stopped = true }
                            process.kill()
                            return
                        }
                    }
                }
                await group.next()
                group.cancelAll()
            }
        }
    }

    /// The attempt's outputs, or the error it ends with.
    private func outcome(
        _ result: JobRunnerLine?, _ termination: JobRunnerProcess.Termination?, _ watch: Watch, process: JobRunnerProcess
    ) throws -> [String: String] {
        var seen = watch.state.withLock { $0 }
        if seen.stopped || Task.isCancelled || context.shouldStop { throw CancellationError() }
        let deadline = runner.deadline(for: context.job.kind)
        if seen.timedOut || termination == .signalled(SIGXCPU) {
            throw failure(.timeLimit, "the job ran past its time limit of \(Self.seconds(deadline)) s and its runner was stopped")
        }
        // Memory: the runner died or failed while its peak address space (sampled every 50 ms,
        // and once more now if it is still there) was within 10% of its limit. A typed error counts
        // too: decoders report a failed allocation as a file they cannot read (libjpeg's
        // "insufficient memory" is invalid-input).
        let failed = result?.outputs == nil
        if failed { seen.peakBytes = max(seen.peakBytes, process.peakVirtualBytes ?? 0) }
        if failed, seen.peakBytes * 10 >= runner.memoryLimitBytes * 9 {
            throw failure(
                .memoryLimit,
                "the job's runner failed at its memory limit of \(runner.memoryLimitBytes >> 20) MiB (peak address space \(seen.peakBytes >> 20) MiB)")
        }
        if case .signalled(let signal) = termination {
            throw failure(.runnerCrashed, "the job's runner was killed by \(JobRunnerProcess.name(of: signal))")
        }
        if let error = result?.error {
            throw JobHandlerError(code: ErrorCode(rawValue: error.code), message: error.message, permanent: error.permanent)
        }
        guard let outputs = result?.outputs else {
            let status: Int32 = if case .exited(let code) = termination { code } else { -1 }
            throw failure(.runnerCrashed, "the job's runner exited with status \(status) without a result")
        }
        return outputs
    }

    /// An isolation failure, permanent when the job already failed the same way before.
    private func failure(_ code: ErrorCode, _ message: String) -> JobHandlerError {
        let before = context.job.errors.filter { $0.code == code.rawValue }.count
        let suffix = before >= 1 ? " (the second time: the job is discarded)" : ""
        return JobHandlerError(code: code, message: message + suffix, permanent: before >= 1)
    }

    private static func seconds(_ duration: Duration) -> String {
        let seconds = duration.seconds
        return seconds == seconds.rounded() ? "\(Int(seconds))" : "\(seconds)"
    }
}
