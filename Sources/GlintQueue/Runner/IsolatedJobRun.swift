import Foundation
import GlintCore
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The parent's side of one attempt run in a runner process: starts the runner, sends the request,
/// forwards its progress to the job's context, enforces the deadline, and turns how the runner
/// ended into the attempt's outputs or error.
///
/// | the runner | the attempt |
/// | --- | --- |
/// | wrote its outputs | succeeds with them |
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
    let runner: JobRunnerConfiguration
    let context: JobContext

    /// What the watchdog saw while the runner ran.
    private final class Watch: Sendable {
        let state = Mutex<(timedOut: Bool, stopped: Bool, peakBytes: Int)>((false, false, 0))
    }

    private enum Event: Sendable {
        case line(Data)
        case exited(JobRunnerProcess.Termination)
    }

    func run() async throws -> [String: URL] {
        let kind = context.job.kind
        let process = try JobRunnerProcess.spawn(
            [runner.program] + runner.arguments + runner.limits(for: kind).arguments, sandbox: runner.sandbox, attempt: try attempt())
        // Open until the runner ends: a runner exits when its input closes (this worker is gone).
        defer { try? process.input.close() }
        let watch = Watch()
        let watchdog = startWatchdog(process, watch, deadline: ContinuousClock.now + runner.deadline(for: kind))
        defer { watchdog.cancel() }
        let events = Self.events(of: process)
        let request = JobRunnerRequest(
            job: context.job, inputs: context.inputs.mapValues(\.path), outputDirectory: context.outputDirectory.path)
        try? process.input.write(contentsOf: JSONEncoder().encode(request) + Data("\n".utf8))
        return try await withTaskCancellationHandler {
            var result: JobRunnerLine?
            var termination = JobRunnerProcess.Termination.exited(0)
            for await event in events {
                switch event {
                case .exited(let ended): termination = ended
                case .line(let data):
                    guard let line = try? JSONDecoder().decode(JobRunnerLine.self, from: data) else { continue }
                    if let progress = line.progress {
                        do {
                            try await context.progress(progress.fraction, progress.message)
                        } catch {
                            watch.state.withLock { $0.stopped = true }
                            process.kill()
                        }
                    } else {
                        result = line
                    }
                }
            }
            return try outcome(result, termination, watch)
        } onCancel: {
            process.kill()
        }
    }

    /// The files the runner reads (its staged inputs and the blobs they link to) and writes (its
    /// output folder, and a work folder beside it made here).
    private func attempt() throws -> JobRunnerSandbox.Attempt {
        let work = context.outputDirectory.deletingLastPathComponent().appendingPathComponent("work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let links = context.inputs.values.map(\.path).sorted()
        let folders = Set(links.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path }).sorted()
        return JobRunnerSandbox.Attempt(
            readOnly: folders + links.map(JobRunnerSandbox.realPath), writable: [context.outputDirectory.path, work.path],
            workDirectory: work.path)
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

    /// The runner's output lines, then how it ended; read on a thread of its own.
    private static func events(of process: JobRunnerProcess) -> AsyncStream<Event> {
        AsyncStream { continuation in
            let thread = Thread {
                var buffer = Data()
                while true {
                    let chunk = process.output.availableData
                    if chunk.isEmpty { break }
                    buffer.append(chunk)
                    while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                        continuation.yield(.line(Data(buffer[buffer.startIndex..<newline])))
                        buffer.removeSubrange(buffer.startIndex...newline)
                    }
                }
                continuation.yield(.exited(process.waitForExit()))
                continuation.finish()
            }
            thread.name = "glint-runner-\(process.pid)"
            thread.start()
        }
    }

    /// The attempt's outputs, or the error it ends with.
    private func outcome(_ result: JobRunnerLine?, _ termination: JobRunnerProcess.Termination, _ watch: Watch) throws -> [String: URL] {
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
        return try outputs.mapValues(outputFile)
    }

    /// An output path the runner named, which must lie inside the attempt's output folder.
    private func outputFile(_ path: String) throws -> URL {
        let folder = context.outputDirectory.standardizedFileURL.path
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
