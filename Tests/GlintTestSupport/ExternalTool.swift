import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What one run of a command-line program left behind: its exit, its standard output and its
/// standard error.
public struct ProcessOutcome: Sendable {
    /// The command line, for messages.
    public var commandLine: String
    /// The exit status, or the signal number when ``terminatedBySignal`` is true.
    public var status: Int32
    /// Whether the program died of a signal (a crash, or the timeout's kill).
    public var terminatedBySignal: Bool
    /// Whether the program ran past its time limit and was killed.
    public var timedOut: Bool
    /// Everything written to standard output.
    public var stdout: Data
    /// Everything written to standard error.
    public var stderr: Data

    /// Standard output as UTF-8 text.
    public var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
    /// Standard error as UTF-8 text.
    public var stderrText: String { String(decoding: stderr, as: UTF8.self) }

    /// The non-empty lines of standard error.
    public var stderrLines: [Substring] {
        stderrText.split(separator: "\n", omittingEmptySubsequences: true)
    }

    /// Whether the program exited by itself with status 0.
    public var succeeded: Bool { !terminatedBySignal && !timedOut && status == 0 }

    /// Whether the program failed the way a well-behaved tool does: it exited by itself (no
    /// signal, no shell-style `128 + signal` status, no hang) with a non-zero status.
    public var failedCleanly: Bool { !terminatedBySignal && !timedOut && status != 0 && status <= 128 }

    /// A summary for failure messages.
    public var summary: String {
        let how = timedOut ? "timed out" : terminatedBySignal ? "killed by signal \(status)" : "exit status \(status)"
        return "\(commandLine): \(how)\n--- stderr ---\n\(stderrText)--- stdout (first 2000 characters) ---\n\(stdoutText.prefix(2000))"
    }
}

/// External programs the tests use as references (exiftool, ffmpeg, ffprobe): finding them on
/// `PATH`, and running them (or any program) with Foundation's `Process`, capturing their output
/// and killing any that hangs.
public enum ExternalTool {
    /// How long a program may run before it is killed: a guard against a hang (``Waiting``), never
    /// a timing. Ten minutes: an HEVC export that takes 15 s on an idle machine took over two
    /// (the old bound) beside `stress-ng --cpu 2` and the rest of the suite on two cores.
    public static let defaultTimeout: TimeInterval = 600

    /// The program called `name` on `PATH`, if there is one.
    public static func find(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// Whether a program called `name` is on `PATH`.
    public static func isAvailable(_ name: String) -> Bool {
        find(name) != nil
    }

    /// Runs `executable` with `arguments` and waits for it.
    ///
    /// Output goes to temporary files rather than pipes, so a chatty program can never block on a
    /// full pipe while the test waits for it to exit. `extraEnvironment` is added to (and
    /// overrides) the test process's own environment.
    public static func run(
        _ executable: URL, _ arguments: [String], currentDirectory: URL? = nil,
        extraEnvironment: [String: String] = [:],
        timeout: TimeInterval = defaultTimeout
    ) throws -> ProcessOutcome {
        let scratch = try TemporaryDirectory("glint-process")
        defer { scratch.remove() }
        let stdoutURL = scratch.file("stdout")
        let stderrURL = scratch.file("stderr")
        _ = FileManager.default.createFile(atPath: stdoutURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
        let stdoutHandle = try FileHandle(forWritingTo: stdoutURL)
        let stderrHandle = try FileHandle(forWritingTo: stderrURL)

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        if !extraEnvironment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(extraEnvironment) { _, extra in extra }
        }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = stdoutHandle
        process.standardError = stderrHandle

        // The end is the kernel's word, not Foundation's (ProcessExit): a descriptor the program
        // passed on (to a process it left running) would hold Foundation's notice back, and this
        // thread, one of the task pool's, with it.
        try process.run()
        var timedOut = false
        var ended = ProcessExit.blockingStatus(of: process, within: .seconds(timeout))
        if ended == nil {
            timedOut = true
            kill(process.processIdentifier, SIGKILL)
            ended = ProcessExit.blockingStatus(of: process, within: Waiting.shortestBound)
        }
        try stdoutHandle.close()
        try stderrHandle.close()

        let commandLine = ([executable.lastPathComponent] + arguments).map(quoted).joined(separator: " ")
        return ProcessOutcome(
            commandLine: commandLine,
            status: ended.map(Self.number) ?? SIGKILL,
            terminatedBySignal: ended.map { if case .signalled = $0 { true } else { false } } ?? true,
            timedOut: timedOut,
            stdout: try Data(contentsOf: stdoutURL),
            stderr: try Data(contentsOf: stderrURL))
    }

    /// The exit status, or the signal's number.
    private static func number(_ status: ProcessExit.Status) -> Int32 {
        switch status {
        case .exited(let code), .signalled(let code): code
        }
    }

    /// `argument`, single-quoted when it holds spaces, braces or quotes, for command lines in
    /// messages.
    public static func quoted(_ argument: String) -> String {
        argument.contains(where: { " {}\"'".contains($0) }) ? "'\(argument)'" : argument
    }
}
