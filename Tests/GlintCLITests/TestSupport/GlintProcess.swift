import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// What one run of a command-line program left behind: its exit, its standard output and its
/// standard error.
struct ProcessOutcome: Sendable {
    /// The command line, for messages.
    var commandLine: String
    /// The exit status, or the signal number when ``terminatedBySignal`` is true.
    var status: Int32
    /// Whether the program died of a signal (a crash, or the timeout's kill).
    var terminatedBySignal: Bool
    /// Whether the program ran past its time limit and was killed.
    var timedOut: Bool
    /// Everything written to standard output.
    var stdout: Data
    /// Everything written to standard error.
    var stderr: Data

    var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
    var stderrText: String { String(decoding: stderr, as: UTF8.self) }

    /// The non-empty lines of standard error.
    var stderrLines: [Substring] {
        stderrText.split(separator: "\n", omittingEmptySubsequences: true)
    }

    /// Whether the program exited by itself with status 0.
    var succeeded: Bool { !terminatedBySignal && !timedOut && status == 0 }

    /// Whether the program failed the way a well-behaved tool does: it exited by itself (no
    /// signal, no shell-style `128 + signal` status, no hang) with a non-zero status.
    var failedCleanly: Bool { !terminatedBySignal && !timedOut && status != 0 && status <= 128 }

    /// Standard output decoded as one JSON object.
    func jsonObject(sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: stdout)
        return try #require(object as? [String: Any], "stdout of \(commandLine) is not a JSON object: \(stdoutText)",
                            sourceLocation: sourceLocation)
    }

    /// A summary for failure messages.
    var summary: String {
        let how = timedOut ? "timed out" : terminatedBySignal ? "killed by signal \(status)" : "exit status \(status)"
        return "\(commandLine): \(how)\n--- stderr ---\n\(stderrText)--- stdout (first 2000 characters) ---\n\(stdoutText.prefix(2000))"
    }
}

/// Runs programs with Foundation's `Process`, capturing their output, and kills any that hangs.
enum ExternalProgram {
    /// How long a program may run before it is killed and the test fails.
    static let defaultTimeout: TimeInterval = 120

    /// Runs `executable` with `arguments` and waits for it.
    ///
    /// Output goes to temporary files rather than pipes, so a chatty program can never block on a
    /// full pipe while the test waits for it to exit.
    static func run(_ executable: URL, _ arguments: [String], currentDirectory: URL? = nil,
                    timeout: TimeInterval = defaultTimeout) throws -> ProcessOutcome {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("glint-cli-process-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let stdoutURL = scratch.appendingPathComponent("stdout")
        let stderrURL = scratch.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: stdoutURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
        let stdoutHandle = try FileHandle(forWritingTo: stdoutURL)
        let stderrHandle = try FileHandle(forWritingTo: stderrURL)

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = stdoutHandle
        process.standardError = stderrHandle

        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        var timedOut = false
        if exited.wait(timeout: .now() + timeout) == .timedOut {
            timedOut = true
            kill(process.processIdentifier, SIGKILL)
            exited.wait()
        }
        try stdoutHandle.close()
        try stderrHandle.close()

        let commandLine = ([executable.lastPathComponent] + arguments).map(Self.quoted).joined(separator: " ")
        return ProcessOutcome(
            commandLine: commandLine,
            status: process.terminationStatus,
            terminatedBySignal: process.terminationReason == .uncaughtSignal,
            timedOut: timedOut,
            stdout: try Data(contentsOf: stdoutURL),
            stderr: try Data(contentsOf: stderrURL))
    }

    /// The program called `name` on `PATH`, if there is one.
    static func onPath(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    static func quoted(_ argument: String) -> String {
        argument.contains(where: { " {}\"'".contains($0) }) ? "'\(argument)'" : argument
    }
}

/// The `glint` executable built beside the test runner, run as a user runs it.
enum GlintProcess {
    /// The built `glint` executable: `$GLINT_EXECUTABLE` when set, otherwise the `glint` that
    /// `swift build` / `swift test` put in the same directory as the test runner.
    static let executable: URL? = {
        if let override = ProcessInfo.processInfo.environment["GLINT_EXECUTABLE"] {
            return URL(fileURLWithPath: override)
        }
        var directories = [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
        if let executable = Bundle.main.executableURL { directories.append(executable.deletingLastPathComponent()) }
        if let first = CommandLine.arguments.first {
            directories.append(URL(fileURLWithPath: first).deletingLastPathComponent())
        }
        // An .xctest bundle (macOS) sits in the products directory; on Linux it is the runner itself.
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            directories.append(bundle.bundleURL.deletingLastPathComponent())
        }
        for directory in directories {
            let candidate = directory.appendingPathComponent("glint")
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue,
               FileManager.default.isExecutableFile(atPath: candidate.path) {
                return candidate
            }
        }
        return nil
    }()

    /// Runs `glint` with `arguments`; by default from the package root, so that fixture paths
    /// such as `../shared/fixtures/...` read as they do for a developer at a shell.
    static func run(_ arguments: [String], currentDirectory: URL? = CLIFixtures.packageRoot,
                    timeout: TimeInterval = ExternalProgram.defaultTimeout,
                    sourceLocation: SourceLocation = #_sourceLocation) throws -> ProcessOutcome {
        let executable = try #require(
            executable,
            "the glint executable was not found beside the test runner (\(Bundle.main.bundlePath)); run `swift build` first or set GLINT_EXECUTABLE",
            sourceLocation: sourceLocation)
        return try ExternalProgram.run(executable, arguments, currentDirectory: currentDirectory, timeout: timeout)
    }
}
