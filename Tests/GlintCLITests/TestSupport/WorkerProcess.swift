import Foundation
import GlintTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A `glint worker` (or `glint serve`) process running in the background, its standard output and
/// error going to a log file, that a test can kill outright or stop gracefully.
final class WorkerProcess {
    let process = Process()
    let log: URL

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
        FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        process.executableURL = executable
        process.arguments = [command] + arguments
        process.currentDirectoryURL = SharedFixtures.packageRoot
        var environment = ProcessInfo.processInfo.environment
        environment["GLINT_LOG_LEVEL"] = "info"
        environment.merge(extra) { _, new in new }
        process.environment = environment
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        try handle.close()
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// Where a `glint serve --json` said it listens (`http://127.0.0.1:<port>`), waiting up to 2
    /// minutes for its `listening` line.
    func listeningURL(sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
        for _ in 0..<1200 {
            for line in logText.split(separator: "\n") where line.contains("\"listening\"") {
                let event = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
                if let url = event?["url"] as? String { return url }
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        Issue.record("glint serve did not say where it listens: \(logText)", sourceLocation: sourceLocation)
        throw CancellationError()
    }

    /// `kill -9`, then waits for the process to be gone.
    func killHard() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// SIGTERM (graceful shutdown), then waits up to `timeout` seconds; returns the exit status,
    /// or nil (after killing it) when it did not stop.
    func stop(timeout: TimeInterval = 60) async -> Int32? {
        kill(process.processIdentifier, SIGTERM)
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline {
            try? await Task.sleep(for: .milliseconds(50))
        }
        guard !process.isRunning else {
            killHard()
            return nil
        }
        return process.terminationReason == .exit ? process.terminationStatus : 128 + process.terminationStatus
    }

    /// The log's text.
    var logText: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }
}
