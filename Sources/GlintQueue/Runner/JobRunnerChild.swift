import Foundation
import GlintCore
import Logging
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The runner's side (`glint runner`): applies its limits, then reads request lines from standard
/// input, one job each, runs the kind's handler from `registry`, and writes progress lines and then
/// one result line per job to standard output (``IsolatedJobRun`` is the other side). Logs go to
/// standard error.
///
/// A runner serves jobs until its worker closes its standard input (it exits at once, even in the
/// middle of a job: the worker is gone or gave up on it), or until it has waited
/// ``JobRunnerLimits/idleSeconds`` for a job.
public enum JobRunnerChild {
    /// The argument with which a runner only starts and exits 0 (``JobRunnerSandbox/probe(executable:arguments:searchPath:)``).
    public static let checkArgument = "--check"

    /// Runs jobs.
    /// - Parameters:
    ///   - registry: The handlers (the same kinds as the parent's).
    ///   - arguments: The limits, as ``JobRunnerLimits/arguments`` writes them.
    /// - Returns: The exit status: 0 once idle for its time or when only checked, 2 when the
    ///   limits or a request could not be read.
    public static func run(registry: JobHandlerRegistry, arguments: [String], logger: Logger = Logger(label: "glint.runner")) async -> Int32 {
        if arguments.contains(checkArgument) { return 0 }
        let limits: JobRunnerLimits
        do {
            limits = try JobRunnerLimits(arguments: arguments)
        } catch {
            logger.error("runner: bad limits", metadata: ["error": "\(error)"])
            return 2
        }
        limits.apply()
        let input = JobRunnerInput()
        let writer = LineWriter()
        while let line = input.next(timeout: .seconds(limits.idleSeconds)) {
            guard let request = try? JSONDecoder().decode(JobRunnerRequest.self, from: line) else {
                logger.error("runner: a request that does not parse", metadata: ["bytes": "\(line.count)"])
                return 2
            }
            limits.allowCPU(seconds: request.cpuSeconds)
            await runJob(request, registry: registry, writer: writer, logger: logger)
        }
        return 0
    }

    /// Runs one job and writes its result line.
    private static func runJob(_ request: JobRunnerRequest, registry: JobHandlerRegistry, writer: LineWriter, logger: Logger) async {
        let reporter = JobProgressReporter(stop: JobStopSignal(), interval: .milliseconds(100), clock: SystemWallClock(), logger: logger) { progress in
            writer.write(.progress(progress))
            return .held
        }
        let context = JobContext(
            job: request.job, inputs: request.inputs.mapValues { URL(fileURLWithPath: $0) },
            outputDirectory: URL(fileURLWithPath: request.outputDirectory), logger: logger, reporter: reporter)
        do {
            let entry = try registry.entry(for: request.job.kind)
            let outputs = try await entry.run(try entry.decode(request.job.parameters), context)
            writer.write(JobRunnerLine(outputs: outputs.mapValues(\.path)))
        } catch {
            let problem = JobErrorClassifier.classify(error, inputs: [:])
            writer.write(JobRunnerLine(error: .init(code: problem.code.rawValue, message: problem.message, permanent: problem.permanent)))
        }
    }

    /// Writes whole lines to standard output, one at a time.
    private final class LineWriter: Sendable {
        private let lock = Mutex(())

        func write(_ line: JobRunnerLine) {
            guard let data = try? JSONEncoder().encode(line) else { return }
            lock.withLock { _ in FileHandle.standardOutput.write(data + Data("\n".utf8)) }
        }
    }
}
