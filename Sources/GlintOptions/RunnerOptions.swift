import ArgumentParser
import Foundation
import GlintQueue

/// How `glint worker` and `glint serve` run the media kinds: in runner processes (the default)
/// with a deadline and a memory limit, or in the worker's own process. Each is the flag, else its
/// environment variable, else ``JobRunnerConfiguration``'s default.
///
/// | flag | environment |
/// | --- | --- |
/// | `--isolation runner\|in-process` | `GLINT_ISOLATION` |
/// | `--deadline-seconds` | `GLINT_DEADLINE_SECONDS` |
/// | `--deadline KIND=SECONDS` (repeated) | `GLINT_DEADLINES` (comma-separated) |
/// | `--memory-limit-mb` | `GLINT_MEMORY_LIMIT_MB` |
/// | `--sandbox bubblewrap\|none` | `GLINT_SANDBOX` |
/// | `--warm-runners` | `GLINT_WARM_RUNNERS` |
/// | `--runner-priority idle\|low\|normal` | `GLINT_RUNNER_PRIORITY` |
public struct RunnerOptions: ParsableArguments {
    /// The environment variables, by flag.
    public enum Variable {
        public static let isolation = "GLINT_ISOLATION"
        public static let deadlineSeconds = "GLINT_DEADLINE_SECONDS"
        public static let deadlines = "GLINT_DEADLINES"
        public static let memoryLimitMB = "GLINT_MEMORY_LIMIT_MB"
        public static let sandbox = "GLINT_SANDBOX"
        public static let warmRunners = "GLINT_WARM_RUNNERS"
        public static let runnerPriority = "GLINT_RUNNER_PRIORITY"
    }

    /// How runners are scheduled against the rest of the machine.
    public enum Priority: String, ExpressibleByArgument, CaseIterable, Sendable {
        /// The long kinds (movies, frame by frame) at idle priority (SCHED_IDLE), the others at
        /// nice 10 with the batch policy: the API in the same process or machine answers first.
        case idle
        /// Every kind at nice 10 with the batch policy.
        case low
        /// Every kind at nice 0 with the batch policy: as the worker itself, for machines that run
        /// workers only.
        case normal
    }

    /// Where the media kinds run.
    public enum Isolation: String, ExpressibleByArgument, CaseIterable, Sendable {
        /// A runner process per attempt, with limits (`glint runner`).
        case runner
        /// The worker's own process, without limits.
        case inProcess = "in-process"
    }

    /// Whether runners start under bubblewrap (``JobRunnerSandbox``).
    public enum Sandbox: String, ExpressibleByArgument, CaseIterable, Sendable {
        /// Under bubblewrap with a seccomp filter, or not at all: the worker refuses to start
        /// without it, saying why and how to get it.
        case bubblewrap
        /// With limits only: the operator's explicit choice, logged as a warning at start.
        case none
    }

    private typealias Defaults = JobRunnerConfiguration

    @Option(
        help: ArgumentHelp(
            "Where media jobs run: runner (a process of their own per attempt, with the limits below) or in-process (default runner; $\(Variable.isolation))."
        ))
    public var isolation: Isolation?

    @Option(
        help: ArgumentHelp(
            "A media job's wall-clock limit per attempt, in seconds: past it the runner is killed and the attempt fails with time-limit (default \(helpNumber(Defaults.defaultDeadline.inSeconds)); $\(Variable.deadlineSeconds))."
        ))
    public var deadlineSeconds: Double?

    @Option(
        name: .customLong("deadline"),
        help: ArgumentHelp("KIND=SECONDS: the limit for one kind, repeated for several ($\(Variable.deadlines), comma-separated)."))
    public var deadlines: [String] = []

    @Option(
        name: .customLong("memory-limit-mb"),
        help: ArgumentHelp(
            "A runner's address-space limit in MiB: past it the attempt fails with memory-limit (default \(Defaults.defaultMemoryLimitBytes >> 20); $\(Variable.memoryLimitMB))."
        ))
    public var memoryLimitMB: Int?

    @Option(
        help: ArgumentHelp(
            "Whether runners start under bubblewrap (no network, a read-only system, only their work folder writable, a seccomp filter): bubblewrap (required: glint serve and glint worker refuse to start where it cannot be had) or none (limits only, with a warning; default bubblewrap; $\(Variable.sandbox))."
        ))
    public var sandbox: Sandbox?

    @Option(
        help: ArgumentHelp(
            "How many idle runners are kept for the next jobs of the same tenant (a runner never serves two tenants, and is replaced after any failure); 0 starts one per attempt (default \(Defaults.defaultWarmRunners); $\(Variable.warmRunners))."
        ))
    public var warmRunners: Int?

    @Option(
        help: ArgumentHelp(
            "How runners are scheduled: idle (the movie kinds only when nothing else wants the CPU, the others at nice 10, so that the API answers as fast while they run), low (every kind at nice 10) or normal (every kind at nice 0, for machines that run workers only, where idle runners would wait behind any other process) (default idle; $\(Variable.runnerPriority))."
        ))
    public var runnerPriority: Priority?

    public init() {}

    /// Checks the values; whether bubblewrap works is found out by ``withSandbox(_:environment:)``.
    public func validate() throws {
        _ = try configuration(environment: ProcessInfo.processInfo.environment)
    }

    /// The runner configuration, or nil for in-process. Unless `--sandbox none`, it requires a
    /// sandbox (``JobRunnerConfiguration/requiresSandbox``) that it does not have yet: a command
    /// that starts runners passes it through ``withSandbox(_:environment:)`` first (a worker given
    /// it as it is fails every runner's start instead of running one unsandboxed).
    /// - Parameters:
    ///   - executable: The runner program (`glint` itself by default, started as `glint runner`).
    ///   - environment: The environment variables (this process's by default).
    /// - Throws: `ValidationError` naming the flag or variable that is out of range or does not parse.
    public func configuration(
        executable: URL = URL(fileURLWithPath: "/proc/self/exe"), environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> JobRunnerConfiguration? {
        let isolation = try ResolvedSetting(
            flag: isolation, name: "--isolation", variable: Variable.isolation, environment: environment, default: .runner, parse: Isolation.init)
        let deadline = try ResolvedSetting(
            flag: deadlineSeconds, name: "--deadline-seconds", variable: Variable.deadlineSeconds, environment: environment,
            default: Defaults.defaultDeadline.inSeconds)
        try deadline.require("must be more than 0") { $0 > 0 && $0.isFinite }
        let memory = try ResolvedSetting(
            flag: memoryLimitMB, name: "--memory-limit-mb", variable: Variable.memoryLimitMB, environment: environment,
            default: Defaults.defaultMemoryLimitBytes >> 20)
        try memory.require("must be at least 64") { $0 >= 64 }
        let perKind = try ResolvedSetting(
            flag: deadlines.isEmpty ? nil : deadlines, name: "--deadline", variable: Variable.deadlines, environment: environment, default: []
        ) { $0.split(separator: ",").map(String.init) }
        var byKind: [JobKind: Duration] = [:]
        for text in perKind.value {
            let parts = text.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, !parts[0].isEmpty, let seconds = Double(parts[1]), seconds > 0, seconds.isFinite else {
                throw ValidationError("\(perKind.source) \(text): expected KIND=SECONDS, e.g. livephoto.edit=120")
            }
            byKind[JobKind(rawValue: parts[0])] = .milliseconds(Int64(seconds * 1000))
        }
        let warm = try ResolvedSetting(
            flag: warmRunners, name: "--warm-runners", variable: Variable.warmRunners, environment: environment,
            default: Defaults.defaultWarmRunners)
        try warm.require("must be 0 or more") { $0 >= 0 }
        let sandboxMode = try ResolvedSetting(
            flag: sandbox, name: "--sandbox", variable: Variable.sandbox, environment: environment, default: .bubblewrap, parse: Sandbox.init)
        let priority = try ResolvedSetting(
            flag: runnerPriority, name: "--runner-priority", variable: Variable.runnerPriority, environment: environment, default: .idle,
            parse: Priority.init)
        guard isolation.value == .runner else {
            // In-process media jobs are unsandboxed: as explicit a choice as --sandbox none, and said with it.
            guard sandboxMode.value == Sandbox.none else {
                throw ValidationError(
                    "\(isolation.source) in-process runs media jobs inside this process, without the sandbox: say --sandbox none (\(Variable.sandbox)=none) as well to accept that"
                )
            }
            return nil
        }
        var configuration = JobRunnerConfiguration(
            executable: executable, deadline: .milliseconds(Int64(deadline.value * 1000)), deadlines: byKind,
            memoryLimitBytes: memory.value << 20, warmRunners: warm.value)
        configuration.usesIdlePriority = priority.value == .idle
        if priority.value == .normal { configuration.niceness = 0 }
        configuration.inheritedEnvironment = environment.filter { Self.runnerVariables.contains($0.key) }
        configuration.requiresSandbox = sandboxMode.value == .bubblewrap
        return configuration
    }

    /// The variables of the worker's environment that its runners get too (``JobRunnerEnvironment``
    /// names the rest of a runner's environment): the log level, and nothing else.
    public static let runnerVariables: Set<String> = [LogLevelSetting.variable]

    /// `configuration` with its sandbox, where it requires one: found out once per process by
    /// starting a runner under bubblewrap, its seccomp filter loaded (`glint serve` and `glint
    /// worker` call it as they start). Nil and a configuration that requires none come back as they are.
    /// - Parameter environment: bubblewrap is looked for in its `PATH` (this process's by default).
    /// - Throws: `ValidationError` saying why bubblewrap cannot be had, and the three ways on.
    public static func withSandbox(
        _ configuration: JobRunnerConfiguration?, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> JobRunnerConfiguration? {
        guard var configuration, configuration.requiresSandbox, configuration.sandbox == nil else { return configuration }
        let searchPath = environment["PATH"] ?? ""
        switch SandboxProbe.result(executable: configuration.executable, arguments: configuration.arguments, searchPath: searchPath) {
        case .success(let found): configuration.sandbox = found
        case .failure(let unavailable):
            throw ValidationError(
                """
                media jobs run in sandboxed runners, and the sandbox cannot be had here: \(unavailable). \
                Install bubblewrap (apt-get install bubblewrap) where the kernel allows unprivileged user namespaces, \
                or start with --sandbox none (\(Variable.sandbox)=none) to run media jobs with their limits only, without a sandbox.
                """)
        }
        return configuration
    }
}
