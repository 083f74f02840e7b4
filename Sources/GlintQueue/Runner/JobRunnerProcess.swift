import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// One runner process, started with `posix_spawn` in a process group of its own (so that a signal
/// to its process group reaches everything it started, bubblewrap's processes included, and a
/// terminal's Ctrl-C does not): its standard input and output are socket pairs to the parent, its
/// standard error is the parent's (its logs).
///
/// Unsandboxed (`--sandbox none`) it stays in its parent's session, so in the parent's autogroup
/// where the kernel groups sessions for scheduling: its lower priority
/// (``JobRunnerLimits/lowerPriority()``) then weighs against the parent's own threads, the API's;
/// it gives up the session's controlling terminal, if any, before it reads a request
/// (``JobRunnerLimits/apply()``). Under bubblewrap it gets a session of its own (`--new-session`:
/// no terminal at all), so an autogroup of its own, which it gives its own nice value (or the
/// lowest priority, for idle kinds) so that the scheduler does not share the CPU evenly between
/// its group and the worker's.
///
/// ``kill(_:)`` never reaches another process: the child is waited for without being reaped
/// (`waitid` with `WNOWAIT`) and marked gone under the lock before `wait4` reaps it, so its pid
/// (its process group's id) cannot have been reused while a signal is sent.
final class JobRunnerProcess: Sendable {
    /// How a runner ended.
    enum Termination: Sendable, Equatable {
        case exited(Int32)
        case signalled(Int32)
    }

    /// The process started: the runner, or bubblewrap when sandboxed.
    let pid: pid_t
    /// Whether bubblewrap stands between this process and the runner: the runner is then
    /// bubblewrap's grandchild, and a runner killed by a signal makes bubblewrap exit with 128 + it.
    let sandboxed: Bool
    /// The write end of the runner's standard input.
    let input: FileHandle
    /// The read end of the runner's standard output.
    let output: FileHandle
    private let reaped = Mutex(false)
    private let runner = Mutex<pid_t?>(nil)

    private init(pid: pid_t, sandboxed: Bool, input: FileHandle, output: FileHandle) {
        self.pid = pid
        self.sandboxed = sandboxed
        self.input = input
        self.output = output
    }

    /// Starts the runner `command` (the program, then its arguments) with `attempt`'s work folder as its `TMPDIR`,
    /// under `sandbox` when there is one (its seccomp filter in a memory file at
    /// ``JobRunnerSandbox/seccompDescriptor``), with the environment ``JobRunnerEnvironment`` names and
    /// nothing else of this process's, in a process group of its own.
    /// - Parameters:
    ///   - inheritedEnvironment: The variables of this process's environment the runner gets too
    ///     (``JobRunnerConfiguration/inheritedEnvironment``).
    ///   - standardError: Where its standard error goes; this process's by default (its logs).
    /// - Throws: ``JobHandlerError`` (`handler-failed`) when it cannot be started.
    static func spawn(
        _ command: [String], sandbox: JobRunnerSandbox?, attempt: JobRunnerSandbox.Attempt, inheritedEnvironment: [String: String],
        standardError: Int32? = nil
    ) throws -> JobRunnerProcess {
        let program = sandbox?.bubblewrap ?? command[0]
        let variables = JobRunnerEnvironment.variables(workDirectory: attempt.workDirectory, inherited: inheritedEnvironment)
        let arguments = sandbox.map { $0.arguments(for: attempt, environment: variables, command: command) } ?? Array(command.dropFirst())
        // A runner that dies before reading its request must not kill the worker with SIGPIPE.
        _ = signal(SIGPIPE, SIG_IGN)
        let seccomp: Int32
        do {
            seccomp = try sandbox?.seccomp.file() ?? -1
        } catch {
            throw JobHandlerError(code: .handlerFailed, message: error.description, permanent: false)
        }
        defer { if seccomp >= 0 { close(seccomp) } }
        // Socket pairs, made close-on-exec atomically (another runner started meanwhile must not
        // inherit this one's ends, or its output would never end).
        var stdinPipe: [Int32] = [-1, -1]
        var stdoutPipe: [Int32] = [-1, -1]
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        guard socketpair(AF_UNIX, type, 0, &stdinPipe) == 0 else { throw failure("make a socket pair", errno) }
        guard socketpair(AF_UNIX, type, 0, &stdoutPipe) == 0 else {
            close(stdinPipe[0])
            close(stdinPipe[1])
            throw failure("make a socket pair", errno)
        }
        var actions = fileActions(input: stdinPipe[0], output: stdoutPipe[1], standardError: standardError, seccomp: seccomp)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        // argv[0] is the program's real name (`glint`, `bwrap`), not `/proc/self/exe`, so that ps shows it.
        let name = URL(fileURLWithPath: program).resolvingSymlinksInPath().lastPathComponent
        let argv = ([name] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let environment = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in environment { free(pointer) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, program, &actions, &attributes, argv, environment)
        close(stdinPipe[0])
        close(stdoutPipe[1])
        guard status == 0 else {
            close(stdinPipe[1])
            close(stdoutPipe[0])
            throw failure("start the runner \(program)", status)
        }
        return JobRunnerProcess(
            pid: pid, sandboxed: sandbox != nil, input: FileHandle(fileDescriptor: stdinPipe[1], closeOnDealloc: true),
            output: FileHandle(fileDescriptor: stdoutPipe[0], closeOnDealloc: true))
    }

    /// What the runner starts with: `input` and `output` as its standard input and output,
    /// `standardError` (this process's when nil), the seccomp filter at
    /// ``JobRunnerSandbox/seccompDescriptor`` (when `seccomp` is one), and no other descriptor.
    /// posix_spawn hands on every descriptor not marked close-on-exec, and a runner (it reads
    /// hostile files) holding one of this process's would keep it open past its owner: a pipe whose
    /// reader never sees its end, a socket whose peer never sees it close, the socket pair by which
    /// Foundation learns that a process it started has ended.
    private static func fileActions(input: Int32, output: Int32, standardError: Int32?, seccomp: Int32) -> posix_spawn_file_actions_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_adddup2(&actions, input, 0)
        posix_spawn_file_actions_adddup2(&actions, output, 1)
        if let standardError { posix_spawn_file_actions_adddup2(&actions, standardError, 2) }
        if seccomp >= 0 { posix_spawn_file_actions_adddup2(&actions, seccomp, JobRunnerSandbox.seccompDescriptor) }
        _ = addCloseFrom(&actions, seccomp >= 0 ? JobRunnerSandbox.seccompDescriptor + 1 : 3)
        return actions
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np(3)` (2.34), which Swift's Glibc module
    /// does not declare: the spawned program starts with no descriptor from the one given up.
    private static let addCloseFrom: @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32 = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else {
            fatalError("glibc has no posix_spawn_file_actions_addclosefrom_np (2.34 or later is needed)")
        }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
    }()

    private static func failure(_ what: String, _ code: Int32) -> JobHandlerError {
        JobHandlerError(code: .handlerFailed, message: "could not \(what): \(String(cString: strerror(code)))", permanent: false)
    }

    /// Sends `signal` to the runner's process group (bubblewrap and the runner, when sandboxed)
    /// unless the process started was reaped already.
    func kill(_ signal: Int32 = SIGKILL) {
        reaped.withLock { reaped in
            if !reaped { _ = Glibc.kill(-pid, signal) }
        }
    }

    /// Blocks until the runner ends, and reaps it.
    func waitForExit() -> Termination {
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0 && errno == EINTR {}
        var status: Int32 = 0
        reaped.withLock { reaped in
            while wait4(pid, &status, 0, nil) < 0 && errno == EINTR {}
            reaped = true
        }
        // WIFSIGNALED / WTERMSIG / WEXITSTATUS, which Swift does not import.
        let signal = status & 0x7f
        if signal != 0 && signal != 0x7f { return .signalled(signal) }
        let code = (status >> 8) & 0xff
        // bubblewrap exits with 128 + the signal that killed the runner (a runner exits with 0, 2 or 3).
        return sandboxed && code > 128 ? .signalled(code - 128) : .exited(code)
    }

    /// The runner's peak address-space size so far (`VmPeak`), in bytes; nil once it is gone (or
    /// while bubblewrap has not started it yet).
    var peakVirtualBytes: Int? {
        guard let runner = runnerPID, let status = FileManager.default.contents(atPath: "/proc/\(runner)/status") else { return nil }
        return Self.peakVirtualBytes(in: status)
    }

    /// The `VmPeak:` line of a `/proc/PID/status` text, in bytes (it is read twice a job and every
    /// 50 ms while one runs: the line is looked for, the text not split into lines).
    static func peakVirtualBytes(in status: Data) -> Int? {
        let text = String(decoding: status, as: UTF8.self)
        guard let key = text.range(of: "\nVmPeak:") else { return nil }
        let kilobytes = text[key.upperBound...].drop { $0 == " " || $0 == "\t" }.prefix { $0.isASCII && $0.isNumber }
        return Int(kilobytes).map { $0 * 1024 }
    }

    /// The runner's own pid: the process started, or bubblewrap's grandchild (bubblewrap, then
    /// the PID namespace's init, then the runner).
    private var runnerPID: pid_t? {
        if let known = runner.withLock({ $0 }) { return known }
        var found = pid
        for _ in 0..<(sandboxed ? 2 : 0) {
            guard let text = try? String(contentsOfFile: "/proc/\(found)/task/\(found)/children", encoding: .utf8),
                let child = text.split(separator: " ").first.flatMap({ pid_t($0) })
            else { return nil }
            found = child
        }
        runner.withLock { $0 = found }
        return found
    }

    /// The conventional name of `signal` (`SIGSEGV`).
    static func name(of signal: Int32) -> String {
        let names: [Int32: String] = [
            SIGSEGV: "SIGSEGV", SIGKILL: "SIGKILL", SIGABRT: "SIGABRT", SIGBUS: "SIGBUS", SIGILL: "SIGILL", SIGFPE: "SIGFPE",
            SIGTRAP: "SIGTRAP", SIGTERM: "SIGTERM", SIGINT: "SIGINT", SIGXCPU: "SIGXCPU", SIGXFSZ: "SIGXFSZ", SIGSYS: "SIGSYS",
            SIGPIPE: "SIGPIPE", SIGHUP: "SIGHUP", SIGQUIT: "SIGQUIT",
        ]
        return names[signal] ?? "signal \(signal)"
    }
}
