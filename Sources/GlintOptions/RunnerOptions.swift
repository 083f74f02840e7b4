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
/// | `--sandbox auto\|bubblewrap\|none` | `GLINT_SANDBOX` |
/// | `--warm-runners` | `GLINT_WARM_RUNNERS` |
public struct RunnerOptions: ParsableArguments {
    /// The environment variables, by flag.
    public enum Variable {
        public static let isolation = "GLINT_ISOLATION"
        public static let deadlineSeconds = "GLINT_DEADLINE_SECONDS"
        public static let deadlines = "GLINT_DEADLINES"
        public static let memoryLimitMB = "GLINT_MEMORY_LIMIT_MB"
        public static let sandbox = "GLINT_SANDBOX"
        public static let warmRunners = "GLINT_WARM_RUNNERS"
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
        /// Under bubblewrap where it can make namespaces; elsewhere with limits only, and one warning at start.
        case auto
        /// Under bubblewrap, or not at all: the worker refuses to start without it.
        case bubblewrap
        /// With limits only.
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
            "Whether runners start under bubblewrap (no network, a read-only system, only their work folder writable): auto (where namespaces are allowed; elsewhere limits only, with a warning), bubblewrap (required) or none (default auto; $\(Variable.sandbox))."
        ))
    public var sandbox: Sandbox?

    @Option(
        help: ArgumentHelp(
            "How many idle runners are kept for the next jobs of the same tenant (a runner never serves two tenants, and is replaced after any failure); 0 starts one per attempt (default \(Defaults.defaultWarmRunners); $\(Variable.warmRunners))."
        ))
    public var warmRunners: Int?

    public init() {}

    /// Checks the values; whether bubblewrap works is found out by ``configuration(executable:environment:sandbox:)``.
    public func validate() throws {
        _ = try configuration(environment: ProcessInfo.processInfo.environment, sandbox: false)
    }

    /// The runner configuration, or nil for in-process.
    /// - Parameters:
    ///   - executable: The runner program (`glint` itself by default, started as `glint runner`).
    ///   - environment: The environment variables (this process's by default; bubblewrap is looked
    ///     for in its `PATH`).
    ///   - sandbox: Whether to find out if runners can start under bubblewrap (by starting one).
    /// - Throws: `ValidationError` naming the flag or variable that is out of range or does not
    ///   parse, or saying why bubblewrap cannot be had when `--sandbox bubblewrap` requires it.
    public func configuration(
        executable: URL = URL(fileURLWithPath: "/proc/self/exe"), environment: [String: String] = ProcessInfo.processInfo.environment,
        sandbox probing: Bool = true
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
            flag: sandbox, name: "--sandbox", variable: Variable.sandbox, environment: environment, default: .auto, parse: Sandbox.init)
        guard isolation.value == .runner else { return nil }
        var configuration = JobRunnerConfiguration(
            executable: executable, deadline: .milliseconds(Int64(deadline.value * 1000)), deadlines: byKind,
            memoryLimitBytes: memory.value << 20, warmRunners: warm.value)
        if probing { try Self.addSandbox(to: &configuration, sandboxMode, searchPath: environment["PATH"] ?? "") }
        return configuration
    }

    /// Puts bubblewrap into `configuration` where `mode` wants it and it works; records why not
    /// where it is only wanted (`auto`).
    private static func addSandbox(to configuration: inout JobRunnerConfiguration, _ mode: ResolvedSetting<Sandbox>, searchPath: String) throws {
        guard mode.value != .none else { return }
        switch SandboxProbe.result(executable: configuration.executable, arguments: configuration.arguments, searchPath: searchPath) {
        case .success(let found): configuration.sandbox = found
        case .failure(let unavailable) where mode.value == .auto: configuration.sandboxUnavailable = unavailable.description
        case .failure(let unavailable): throw ValidationError("\(mode.source) bubblewrap: \(unavailable)")
        }
    }
}
