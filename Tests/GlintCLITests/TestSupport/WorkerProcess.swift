import Foundation
import GlintTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A `glint worker` (or `glint serve`) process running in the background, its standard output and
/// error read as they come into ``output`` (and copied into a log file), that a test can kill
/// outright or stop gracefully.
final class WorkerProcess {
    let process = Process()
    let log: URL
    /// What the process prints (standard output and error), line by line as it comes: a test
    /// awaits the line that says a state was reached (``ProcessOutput/line(containing:)``).
    let output: ProcessOutput
    private let termination: ProcessTermination

    /// How long ``stop(timeout:)`` waits unless told: far longer than a graceful stop takes (the
    /// grace and margin the tests give are seconds).
    static let stopBound = Duration.seconds(60)

    /// Starts `glint <command>` (`worker` unless told) with `arguments`, logging at info level into `log`,
    /// with the test's environment and `extra` over it.
    init(
        _ arguments: [String], command: String = "worker", log: URL, environment extra: [String: String] = [:],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let executable = try #require(
            GlintProcess.executable, "the glint executable was not found beside the test runner",
            sourceLocation: sourceLocation)
        self.log = log
        output = ProcessOutput(copyingTo: log)
        termination = ProcessTermination(of: process)
        process.executableURL = executable
        process.arguments = [command] + arguments
        process.currentDirectoryURL = SharedFixtures.packageRoot
        var environment = ProcessInfo.processInfo.environment
        environment["GLINT_LOG_LEVEL"] = "info"
        // Runners at nice 0, not idle priority: at idle priority a runner gets the CPU only when
        // nothing else wants it, and on a machine loaded by the suite (or a CPU hog beside it) an
        // edit would wait on the load, not on the code under test. `extra` may set another;
        // RunnerPoolTests checks the idle policy in process.
        environment["GLINT_RUNNER_PRIORITY"] = "normal"
        environment.merge(extra) { _, new in new }
        process.environment = environment
        process.standardOutput = output.pipe
        process.standardError = output.pipe
        try process.run()
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// Where a `glint serve --json` said it listens (`http://127.0.0.1:<port>`): its `listening`
    /// line, awaited for 2 minutes at most.
    func listeningURL(sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
        let output = output
        let line: String?
        do {
            line = try await Waiting.within(.seconds(120), "glint serve to say where it listens") {
                await output.line { $0.hasPrefix("{") && $0.contains(#""event":"listening""#) }
            }
        } catch {
            Issue.record("glint serve did not say where it listens: \(logText)", sourceLocation: sourceLocation)
            throw error
        }
        let event = line.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        guard let url = event?["url"] as? String else {
            Issue.record("glint serve ended without saying where it listens: \(logText)", sourceLocation: sourceLocation)
            throw CancellationError()
        }
        return url
    }

    /// `kill -9`, then waits for the process to be gone (a killed process ends at once), for
    /// ``stopBound`` at most, as the kernel tells it (``ProcessTermination``).
    func killHard() {
        kill(process.processIdentifier, SIGKILL)
        termination.wait()
    }

    /// SIGTERM (graceful shutdown), then awaits the process's end for `timeout` at most (at
    /// least ``Waiting/shortestBound``); returns the exit status (128 + the signal when a signal
    /// ended it), or nil (after killing it) when it did not stop. Once it returns, ``logText``
    /// holds everything the process printed.
    func stop(timeout: Duration = WorkerProcess.stopBound) async -> Int32? {
        kill(process.processIdentifier, SIGTERM)
        let status: Int32
        do {
            status = try await termination.status(of: process, within: max(timeout, Waiting.shortestBound))
        } catch {
            killHard()
            return nil
        }
        // A child that inherited the output (a runner) may hold it a moment longer.
        try? await awaitOutputEnd()
        return status
    }

    /// ``stop(timeout:)`` with the bound in seconds.
    func stop(timeout seconds: TimeInterval) async -> Int32? {
        await stop(timeout: .seconds(seconds))
    }

    /// Awaits the end of the output: the process and every child that inherited it have ended and
    /// all they printed was read, so that ``logText`` holds all of it.
    func awaitOutputEnd(within bound: Duration = Waiting.shortestBound) async throws {
        let output = output
        _ = try await Waiting.within(bound, "the output of glint \(process.arguments?.first ?? "") to end") {
            _ = await output.line { _ in false }
            return true
        }
    }

    /// Everything the process printed so far.
    var logText: String { output.text }
}

/// How a Foundation `Process` ended, as the kernel tells it (``ProcessExit``), never through
/// Foundation's termination handler: Foundation hears of a child's end only once every process
/// holding a copy of the socket pair end it gave the child has closed it (the child's runners, or
/// a runner another test's in-process worker started in the same moment), so a wait for its word
/// could outlive the child by as long as those live, a thread of the task pool blocked meanwhile.
final class ProcessTermination: Sendable {
    private let process: Process

    /// Watches `process`, which has not been run yet.
    init(of process: Process) {
        self.process = process
    }

    /// Blocks until the process has ended, for ``WorkerProcess/stopBound`` at most (a killed
    /// process ends at once).
    func wait() {
        _ = ProcessExit.blockingStatus(of: process, within: WorkerProcess.stopBound)
    }

    /// Awaits the end of `process` for `bound` at most; its exit status, 128 + the signal when a
    /// signal ended it.
    func status(of process: Process, within bound: Duration) async throws -> Int32 {
        try await ProcessExit.status(of: process, within: bound).shellStatus
    }
}

/// `curl` run in the background (an event stream followed, a slow upload), what it prints read
/// into ``output`` as it comes; killed when dropped.
final class CurlProcess {
    let process = Process()
    /// Its standard output and error.
    let output: ProcessOutput
    private let termination: ProcessTermination

    /// Starts `curl <arguments>`; its output is copied into `log` when given.
    init(_ arguments: [String], log: URL? = nil) throws {
        output = ProcessOutput(copyingTo: log)
        termination = ProcessTermination(of: process)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["curl"] + arguments
        process.standardOutput = output.pipe
        process.standardError = output.pipe
        try process.run()
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// Awaits curl's end and the end of its output (all it printed is in ``output`` then), for
    /// `bound` at most each; its exit status.
    func status(within bound: Duration) async throws -> Int32 {
        let status = try await termination.status(of: process, within: bound)
        let output = output
        _ = try await Waiting.within(bound, "the output of curl to end") {
            _ = await output.line { _ in false }
            return true
        }
        return status
    }
}
