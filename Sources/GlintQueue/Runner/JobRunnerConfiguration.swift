import Foundation
import GlintCore
import Logging

/// How a worker runs jobs in runner processes (``JobHandlerRegistry/isolated(_:)``): the
/// program started for each attempt, and the limits it runs under.
///
/// The runner gets an address-space limit (``memoryLimitBytes``), a CPU-time limit per job (the
/// deadline times the machine's cores: a backstop behind the wall-clock deadline), an output file
/// size limit, no core files, and a lower scheduling priority (``niceness``, or the idle policy for
/// the ``idlePriorityKinds``). The parent kills it
/// with SIGKILL at the kind's wall-clock deadline. A runner that ended a job well is kept warm for
/// the next job of the same tenant (``warmRunners``). With a ``sandbox`` it starts under bubblewrap
/// and a seccomp filter. Its environment is ``JobRunnerEnvironment``'s, never the worker's.
public struct JobRunnerConfiguration: Sendable {
    /// The deadline of a kind without one of its own: 5 minutes, far beyond a Live Photo's edit.
    public static let defaultDeadline = Duration.seconds(300)
    /// The address space a runner may use unless told otherwise: 2 GiB.
    public static let defaultMemoryLimitBytes = 2048 << 20
    /// The largest file a runner may write unless told otherwise: 4 GiB.
    public static let defaultFileSizeLimitBytes = 4096 << 20
    /// The runner's nice value unless told otherwise: below the API's.
    public static let defaultNiceness: Int32 = 10
    /// How many idle runners a worker keeps warm unless told otherwise.
    public static let defaultWarmRunners = 2
    /// How many jobs one runner serves at most before it is replaced: a bound on how long one
    /// process lives, not on memory (the pool retires a runner whose peak passed half its limit).
    /// A new runner costs about 25 ms of CPU, a quarter of a millisecond per `rings.render` job
    /// when it was replaced every 100.
    public static let jobsPerRunner = 1000
    /// How long a warm runner waits for its next job unless told otherwise (``idleTimeout``).
    public static let defaultIdleTimeout = Duration.seconds(30)

    /// The program to start (`/proc/self/exe` for `glint` itself).
    public var executable: URL
    /// The arguments before the limits (`["runner"]` for `glint runner`).
    public var arguments: [String]
    /// The wall-clock deadline of a kind not in ``deadlines``.
    public var deadline: Duration
    /// Deadlines by kind, overriding ``deadline``.
    public var deadlines: [JobKind: Duration]
    /// The runner's address-space limit (RLIMIT_AS), in bytes.
    public var memoryLimitBytes: Int
    /// The largest file the runner may write (RLIMIT_FSIZE), in bytes.
    public var fileSizeLimitBytes: Int
    /// The runner's nice value.
    public var niceness: Int32
    /// Kinds whose runners take the CPU only when nothing else wants it (`SCHED_IDLE`): long jobs
    /// (seconds of CPU each, on every core) that would otherwise hold the API's requests up by a
    /// scheduler slice each time they wake. Short jobs keep ``niceness``: at idle priority they
    /// would queue behind every one of the worker's own wake-ups.
    public var idlePriorityKinds: Set<JobKind> = []
    /// Whether the kinds that ask for idle priority (``JobIsolation/RunnerPriority/idle``) get it
    /// (``JobHandlerRegistry/isolated(_:)`` puts them in ``idlePriorityKinds``); false runs every kind at
    /// ``niceness`` with the batch policy (`--runner-priority low` or `normal`): on a machine that runs
    /// workers only, an idle-priority runner would wait behind any other process, however unimportant.
    public var usesIdlePriority = true
    /// How many idle runners are kept for the next jobs (of the same tenant); 0 starts a runner for
    /// every attempt.
    public var warmRunners: Int
    /// The sandbox runners start in; nil when they run with their limits only (`--sandbox none`).
    public var sandbox: JobRunnerSandbox?
    /// Whether runners may start only in a ``sandbox``: with none, every attempt fails with
    /// `handler-failed` instead of starting a runner without one (GlintOptions sets it unless
    /// `--sandbox none`, and finds the sandbox when `glint serve` or `glint worker` starts).
    public var requiresSandbox = false
    /// The variables of the worker's environment a runner gets too, with their values: nothing
    /// else of it reaches a runner (``JobRunnerEnvironment``). GlintOptions passes the log level.
    public var inheritedEnvironment: [String: String] = [:]
    /// How long a warm runner waits for its next job: the worker stops using it after this, the
    /// runner exits by itself after twice that.
    public var idleTimeout = defaultIdleTimeout
    /// The clock runners' deadlines, idle times and the watchdog's looks go by: the worker's.
    public var clock: any WallClock = SystemWallClock()

    public init(
        executable: URL, arguments: [String] = ["runner"], deadline: Duration = defaultDeadline, deadlines: [JobKind: Duration] = [:],
        memoryLimitBytes: Int = defaultMemoryLimitBytes, fileSizeLimitBytes: Int = defaultFileSizeLimitBytes, niceness: Int32 = defaultNiceness,
        warmRunners: Int = defaultWarmRunners
    ) {
        self.executable = executable
        self.arguments = arguments
        self.deadline = deadline
        self.deadlines = deadlines
        self.memoryLimitBytes = memoryLimitBytes
        self.fileSizeLimitBytes = fileSizeLimitBytes
        self.niceness = niceness
        self.warmRunners = warmRunners
    }

    /// The program as started: its real path under a sandbox (where `/proc/self/exe` would be bubblewrap).
    var program: String {
        sandbox == nil ? executable.path : executable.resolvingSymlinksInPath().path
    }

    /// Logs how runners will start: under bubblewrap, or (a warning) with their limits only.
    public func logStart(_ logger: Logger) {
        if let sandbox {
            logger.info("runners start in a sandbox", metadata: ["bubblewrap": "\(sandbox.bubblewrap)"])
        } else if requiresSandbox {
            logger.error("runners require a sandbox and none was found: every media job will fail until one is")
        } else {
            logger.warning(
                "runners run with their limits only, without a sandbox (--sandbox none): a decoder exploited by an upload would run with this process's user, files and network"
            )
        }
    }

    /// The wall-clock deadline of one attempt of `kind`.
    public func deadline(for kind: JobKind) -> Duration {
        deadlines[kind] ?? deadline
    }

    /// The limits a runner for jobs of `kind` applies to itself.
    func limits(for kind: JobKind) -> JobRunnerLimits {
        JobRunnerLimits(
            memoryBytes: memoryLimitBytes, fileSizeBytes: fileSizeLimitBytes, niceness: niceness,
            idleSeconds: Int((idleTimeout.seconds * 2).rounded(.up)), idlePriority: idlePriorityKinds.contains(kind), ownSession: sandbox != nil)
    }

    /// The CPU time one attempt of `kind` may use: its deadline times the machine's cores (a
    /// backstop behind the wall-clock deadline).
    func cpuSeconds(for kind: JobKind) -> Int {
        Int((deadline(for: kind).seconds * Double(Self.cores)).rounded(.up)) + 1
    }

    /// The machine's cores, looked up once (Foundation reads the cgroup's files each time).
    private static let cores = max(ProcessInfo.processInfo.activeProcessorCount, 1)
}
