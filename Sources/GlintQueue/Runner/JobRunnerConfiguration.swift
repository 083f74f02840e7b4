import Foundation
import Logging

/// How a worker runs jobs in runner processes (``JobHandlerRegistry/isolated(_:kinds:)``): the
/// program started for each attempt, and the limits it runs under.
///
/// The runner gets an address-space limit (``memoryLimitBytes``), a CPU-time limit (the deadline
/// times the machine's cores: a backstop behind the wall-clock deadline), an output file size
/// limit, no core files, and a lower scheduling priority (``niceness``). The parent kills it with
/// SIGKILL at the kind's wall-clock deadline. With a ``sandbox`` it starts under bubblewrap.
public struct JobRunnerConfiguration: Sendable {
    /// The deadline of a kind without one of its own: 5 minutes, far beyond a Live Photo's edit.
    public static let defaultDeadline = Duration.seconds(300)
    /// The address space a runner may use unless told otherwise: 2 GiB.
    public static let defaultMemoryLimitBytes = 2048 << 20
    /// The largest file a runner may write unless told otherwise: 4 GiB.
    public static let defaultFileSizeLimitBytes = 4096 << 20
    /// The runner's nice value unless told otherwise: below the API's.
    public static let defaultNiceness: Int32 = 10

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
    /// The sandbox runners start in; nil when they run with their limits only.
    public var sandbox: JobRunnerSandbox?
    /// Why runners run without a sandbox where one was wanted, for the worker to log at start.
    public var sandboxUnavailable: String?

    public init(
        executable: URL, arguments: [String] = ["runner"], deadline: Duration = defaultDeadline, deadlines: [JobKind: Duration] = [:],
        memoryLimitBytes: Int = defaultMemoryLimitBytes, fileSizeLimitBytes: Int = defaultFileSizeLimitBytes, niceness: Int32 = defaultNiceness
    ) {
        self.executable = executable
        self.arguments = arguments
        self.deadline = deadline
        self.deadlines = deadlines
        self.memoryLimitBytes = memoryLimitBytes
        self.fileSizeLimitBytes = fileSizeLimitBytes
        self.niceness = niceness
    }

    /// The program as started: its real path under a sandbox (where `/proc/self/exe` would be bubblewrap).
    var program: String {
        sandbox == nil ? executable.path : JobRunnerSandbox.realPath(executable.path)
    }

    /// Logs how runners will start: under bubblewrap, or (a warning) with their limits only and why.
    public func logStart(_ logger: Logger) {
        if let sandbox {
            logger.info("runners start in a sandbox", metadata: ["bubblewrap": "\(sandbox.bubblewrap)"])
        } else if let sandboxUnavailable {
            logger.warning("runners run with their limits only, without a sandbox: \(sandboxUnavailable)")
        }
    }

    /// The wall-clock deadline of one attempt of `kind`.
    public func deadline(for kind: JobKind) -> Duration {
        deadlines[kind] ?? deadline
    }

    /// The limits a runner of `kind` applies to itself.
    func limits(for kind: JobKind) -> JobRunnerLimits {
        let cores = max(ProcessInfo.processInfo.activeProcessorCount, 1)
        let cpuSeconds = Int((deadline(for: kind).seconds * Double(cores)).rounded(.up)) + 1
        return JobRunnerLimits(
            memoryBytes: memoryLimitBytes, cpuSeconds: cpuSeconds, fileSizeBytes: fileSizeLimitBytes, niceness: niceness)
    }
}
