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
        let attemptFolder = context.outputDirectory.deletingLastPathComponent()
        let warm = try pool.checkout(
            tenant: context.job.tenant, kind: kind, runners: attemptFolder.deletingLastPathComponent().appendingPathComponent("runners"))
        var succeeded = false
        defer { pool.checkin(warm, succeeded: succeeded) }
        let job = warm.folder.appendingPathComponent("jobs").appendingPathComponent(attemptFolder.lastPathComponent)
        defer { Self.removeFolder(job) }
        let request = try await prepare(job, kind: kind)
        let watch = Watch()
        let watchdog = startWatchdog(warm.process, watch, deadline: ContinuousClock.now + runner.deadline(for: kind))
        defer { watchdog.cancel() }
        let (result, termination) = try await withTaskCancellationHandler {
            warm.send(request) ? try await collect(from: warm, watch) : (nil, await Self.end(of: warm))
        } onCancel: {
            warm.process.kill()
        }
        let outputs = try outcome(result, termination, watch, outputFolder: URL(fileURLWithPath: request.outputDirectory))
        succeeded = true
        return try moveOutputs(outputs)
    }

    /// Makes the job's folder in the runner's: copies of the inputs (named as staged) and an
    /// output folder; returns the request that names them. The copies (megabytes for a Live
    /// Photo) are made on a thread of their own, off the cooperative pool the API answers on.
    private func prepare(_ job: URL, kind: JobKind) async throws -> JobRunnerRequest {
        let staged = context.inputs
        let copies: [String: String]
        do {
            copies =
                staged.isEmpty
                ? try Self.makeFolder(job, inputs: staged)
                : try await BlockingThread.run(name: "glint-runner-inputs") { try Self.makeFolder(job, inputs: staged) }
        } catch {
            throw JobHandlerError(code: .handlerFailed, message: "could not give the runner its inputs: \(error.localizedDescription)", permanent: false)
        }
        let outputs = job.appendingPathComponent("outputs")
        return JobRunnerRequest(job: context.job, inputs: copies, outputDirectory: outputs.path, cpuSeconds: runner.cpuSeconds(for: kind))
    }

    /// Makes `job` (in the runner's `jobs` folder), its `inputs` folder with copies of `inputs` and
    /// its `outputs` folder; returns the copies' paths by name. Plain mkdir(2) calls: a small job
    /// (`rings.render`) is over in a few milliseconds, and Foundation's `createDirectory` looks at
    /// every parent first.
    private static func makeFolder(_ job: URL, inputs staged: [String: URL]) throws -> [String: String] {
        let inputs = job.appendingPathComponent("inputs")
        let jobs = job.deletingLastPathComponent()
        for folder in [jobs, job, inputs, job.appendingPathComponent("outputs")] {
            guard mkdir(folder.path, 0o755) == 0 || (folder == jobs && errno == EEXIST) else {
                throw CocoaError(
                    .fileWriteUnknown, userInfo: [NSFilePathErrorKey: folder.path, NSUnderlyingErrorKey: POSIXError(.init(rawValue: errno) ?? .EIO)])
            }
        }
        var copies: [String: String] = [:]
        for (name, file) in staged {
            let copy = inputs.appendingPathComponent(file.lastPathComponent)
            try FileManager.default.copyItem(at: file.resolvingSymlinksInPath(), to: copy)
            copies[name] = copy.path
        }
        return copies
    }

    /// Removes `job`'s folder: its three folders at once when the runner left them empty (its
    /// outputs were moved out), else the whole tree.
    private static func removeFolder(_ job: URL) {
        if rmdir(job.appendingPathComponent("outputs").path) == 0, rmdir(job.appendingPathComponent("inputs").path) == 0 || errno == ENOENT,
            rmdir(job.path) == 0
        {
            return
        }
        try? FileManager.default.removeItem(at: job)
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

    /// Moves the outputs from the runner's folder into the attempt's output folder.
    private func moveOutputs(_ outputs: [String: URL]) throws -> [String: URL] {
        try outputs.mapValues { file in
            let destination = context.outputDirectory.appendingPathComponent(file.lastPathComponent)
            do {
                try FileManager.default.moveItem(at: file, to: destination)
            } catch {
                throw JobHandlerError(code: .handlerFailed, message: "could not take the runner's output \(file.lastPathComponent): \(error)", permanent: false)
            }
            return destination
        }
    }

    /// Kills the runner at the deadline or when the job must stop; samples its peak memory.
    private func startWatchdog(_ process: JobRunnerProcess, _ watch: Watch, deadline: ContinuousClock.Instant) -> Task<Void, Never> {
        let context = context
        return Task {
            while !Task.isCancelled {
                if let peak = process.peakVirtualBytes { watch.state.withLock { $0.peakBytes = max($0.peakBytes, peak) } }
                if ContinuousClock.now >= deadline {
                    watch.state.withLock { $0.timedOut = true }
                    process.kill()
                    return
                }
                if context.shouldStop {
                    watch.state.withLock { $0.stopped = true }
                    process.kill()
                    return
                }
                try? await Task.sleep(for: .milliseconds(50))
            }
        }
    }

    /// The attempt's outputs, or the error it ends with.
    private func outcome(
        _ result: JobRunnerLine?, _ termination: JobRunnerProcess.Termination?, _ watch: Watch, outputFolder: URL
    ) throws -> [String: URL] {
        let seen = watch.state.withLock { $0 }
        if seen.stopped || Task.isCancelled || context.shouldStop { throw CancellationError() }
        let deadline = runner.deadline(for: context.job.kind)
        if seen.timedOut || termination == .signalled(SIGXCPU) {
            throw failure(.timeLimit, "the job ran past its time limit of \(Self.seconds(deadline)) s and its runner was stopped")
        }
        // Memory: the runner died or failed while its peak address space (sampled every 50 ms)
        // was within 10% of its limit. A typed error counts too: decoders report a failed
        // allocation as a file they cannot read (libjpeg's "insufficient memory" is invalid-input).
        let failed = result?.outputs == nil
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
        return try outputs.mapValues { try Self.outputFile($0, in: outputFolder) }
    }

    /// An output path the runner named, which must lie inside the job's output folder.
    private static func outputFile(_ path: String, in outputFolder: URL) throws -> URL {
        let folder = outputFolder.standardizedFileURL.path
        let file = URL(fileURLWithPath: path).standardizedFileURL
        guard file.path.hasPrefix(folder + "/") else {
            throw JobHandlerError(code: .handlerFailed, message: "the job's runner named an output outside its folder: \(path)", permanent: false)
        }
        return file
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
