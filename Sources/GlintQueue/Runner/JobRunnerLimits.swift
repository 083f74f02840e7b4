import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The limits a runner applies to itself before it reads its first request, passed on its
/// command line (`--memory-bytes N --file-size-bytes N --nice N --idle-seconds N --idle-priority 0|1
/// --own-session 0|1`).
/// The CPU-time limit is per job: each request carries it (``allowCPU(seconds:)``).
public struct JobRunnerLimits: Sendable, Equatable {
    /// RLIMIT_AS.
    public var memoryBytes: Int
    /// RLIMIT_FSIZE (SIGXFSZ when a write would pass it).
    public var fileSizeBytes: Int
    /// The nice value.
    public var niceness: Int32
    /// How long a runner waits for its next job before it exits.
    public var idleSeconds: Int
    /// Whether the runner takes the CPU only when nothing else wants it (`SCHED_IDLE`), for long
    /// jobs; otherwise it runs at ``niceness`` with the batch policy.
    public var idlePriority: Bool
    /// Whether the runner is in a session of its own (bubblewrap's `--new-session`), so in an
    /// autogroup of its own, which it then gives its priority (``lowerPriority()``).
    public var ownSession: Bool

    public init(memoryBytes: Int, fileSizeBytes: Int, niceness: Int32, idleSeconds: Int, idlePriority: Bool = false, ownSession: Bool = false) {
        self.memoryBytes = memoryBytes
        self.fileSizeBytes = fileSizeBytes
        self.niceness = niceness
        self.idleSeconds = idleSeconds
        self.idlePriority = idlePriority
        self.ownSession = ownSession
    }

    /// The command-line form.
    public var arguments: [String] {
        [
            "--memory-bytes", "\(memoryBytes)", "--file-size-bytes", "\(fileSizeBytes)", "--nice", "\(niceness)", "--idle-seconds", "\(idleSeconds)",
            "--idle-priority", idlePriority ? "1" : "0", "--own-session", ownSession ? "1" : "0",
        ]
    }

    /// Parses ``arguments``.
    /// - Throws: ``JobHandlerError`` (`bad-parameters`) naming what is missing or malformed.
    public init(arguments: [String]) throws {
        var values: [String: Int] = [:]
        var iterator = arguments.makeIterator()
        while let name = iterator.next() {
            guard let text = iterator.next(), let value = Int(text) else { throw JobHandlerError.badParameters("runner: \(name) needs a number") }
            values[name] = value
        }
        func value(_ name: String) throws -> Int {
            guard let value = values[name] else { throw JobHandlerError.badParameters("runner: \(name) is missing") }
            return value
        }
        self.init(
            memoryBytes: try value("--memory-bytes"), fileSizeBytes: try value("--file-size-bytes"), niceness: Int32(try value("--nice")),
            idleSeconds: try value("--idle-seconds"), idlePriority: values["--idle-priority", default: 0] != 0,
            ownSession: values["--own-session", default: 0] != 0)
    }

    /// Applies the limits to this process: no core files, address space, file size, a lower
    /// priority than the API's (``lowerPriority()``), and no controlling terminal.
    public func apply() {
        Self.limit(RLIMIT_CORE, 0)
        Self.limit(RLIMIT_AS, memoryBytes)
        Self.limit(RLIMIT_FSIZE, fileSizeBytes)
        lowerPriority()
        Self.leaveControllingTerminal()
    }

    /// Gives up the controlling terminal of the worker's session (a runner stays in it, see
    /// ``JobRunnerProcess``), where there is one: nothing the runner decodes can then push input
    /// into that terminal (TIOCSTI works only on one's controlling terminal).
    private static func leaveControllingTerminal() {
        let terminal = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard terminal >= 0 else { return }
        _ = ioctl(terminal, UInt(TIOCNOTTY))
        close(terminal)
    }

    /// The nice value and the batch scheduling policy (a runner never preempts the API's threads
    /// when it wakes), or the idle policy (``idlePriority``: the API's threads preempt it at once),
    /// on every thread the process has (Linux keeps both per thread; threads started later inherit
    /// them). The runner shares its worker's autogroup (``JobRunnerProcess``), so both weigh
    /// against the worker's own threads, the API's among them.
    func lowerPriority() {
        lowerAutogroupPriority()
        let threads = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task"))?.compactMap { Int32($0) } ?? [0]
        for thread in threads {
            var parameters = sched_param(sched_priority: 0)
            _ = sched_setscheduler(thread, idlePriority ? Self.idlePolicy : Self.batchPolicy, &parameters)
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(thread), niceness)
        }
    }

    /// Gives this process's autogroup ``niceness`` (19 at idle priority) when the runner is in a
    /// session of its own (``ownSession``: bubblewrap's `--new-session`): the kernel shares the CPU
    /// between autogroups before it looks at their threads' priorities, and a new group starts at
    /// nice 0, level with the worker's. A runner in its worker's session leaves the group alone: it
    /// is the worker's too.
    private func lowerAutogroupPriority() {
        guard ownSession else { return }
        let file = open("/proc/self/autogroup", O_WRONLY | O_CLOEXEC)
        guard file >= 0 else { return }
        let text = "\(idlePriority ? 19 : niceness)"
        _ = text.withCString { write(file, $0, strlen($0)) }
        close(file)
    }

    /// glibc's `SCHED_BATCH` and `SCHED_IDLE`, which Swift does not import.
    private static let batchPolicy: Int32 = 3
    private static let idlePolicy: Int32 = 5

    /// Lets the next job use `seconds` of CPU time beyond what this process used so far (SIGXCPU
    /// past it): a backstop behind the worker's wall-clock deadline.
    public func allowCPU(seconds: Int) {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        let used = Int(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + 1
        var limit = rlimit(rlim_cur: rlim_t(used + max(seconds, 1)), rlim_max: rlim_t.max)
        _ = setrlimit(__rlimit_resource_t(RLIMIT_CPU.rawValue), &limit)
    }

    private static func limit(_ resource: __rlimit_resource, _ value: Int) {
        var limit = rlimit(rlim_cur: rlim_t(max(value, 0)), rlim_max: rlim_t(max(value, 0)))
        _ = setrlimit(__rlimit_resource_t(resource.rawValue), &limit)
    }
}
