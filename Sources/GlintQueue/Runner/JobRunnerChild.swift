import Foundation
import Logging
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The runner's side (`glint runner`): applies its limits, reads one request line from standard
/// input, runs the kind's handler from `registry`, and writes progress lines and then one result
/// line to standard output (``IsolatedJobRun`` is the other side). Logs go to standard error.
///
/// The worker keeps the runner's standard input open until the runner ends: when it closes (the
/// worker is gone, even killed with SIGKILL), the runner exits at once.
public enum JobRunnerChild {
    /// The argument with which a runner only starts and exits 0 (``JobRunnerSandbox/probe(executable:arguments:searchPath:)``).
    public static let checkArgument = "--check"

    /// Runs one job.
    /// - Parameters:
    ///   - registry: The handlers (the same kinds as the parent's).
    ///   - arguments: The limits, as ``JobRunnerLimits/arguments`` writes them.
    /// - Returns: The exit status: 0 once a result was written (an error result included) or when
    ///   only checked, 2 when the request could not be read.
    public static func run(registry: JobHandlerRegistry, arguments: [String], logger: Logger = Logger(label: "glint.runner")) async -> Int32 {
        if arguments.contains(checkArgument) { return 0 }
        let request: JobRunnerRequest
        do {
            let limits = try JobRunnerLimits(arguments: arguments)
            limits.apply()
            request = try JSONDecoder().decode(JobRunnerRequest.self, from: readRequestLine())
            exitWhenInputCloses()
        } catch {
            logger.error("runner: no request", metadata: ["error": "\(error)"])
            return 2
        }
        let writer = LineWriter()
        let reporter = JobProgressReporter(stop: JobStopSignal(), interval: .milliseconds(100), logger: logger) { progress in
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
        return 0
    }

    /// Standard input up to its first newline (or its end).
    private static func readRequestLine() -> Data {
        var line = Data()
        var byte: UInt8 = 0
        while true {
            let count = read(0, &byte, 1)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 || byte == UInt8(ascii: "\n") { return line }
            line.append(byte)
        }
    }

    /// Exits this process when its standard input ends: the worker that started it closed it or
    /// is gone (a worker killed with SIGKILL leaves no runner behind).
    private static func exitWhenInputCloses() {
        let thread = Thread {
            var byte: UInt8 = 0
            while true {
                let count = read(0, &byte, 1)
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { _exit(3) }
            }
        }
        thread.name = "glint-runner-input-watch"
        thread.start()
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
