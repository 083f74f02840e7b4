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
public struct RunnerOptions: ParsableArguments {
    /// The environment variables, by flag.
    public enum Variable {
        public static let isolation = "GLINT_ISOLATION"
        public static let deadlineSeconds = "GLINT_DEADLINE_SECONDS"
        public static let deadlines = "GLINT_DEADLINES"
        public static let memoryLimitMB = "GLINT_MEMORY_LIMIT_MB"
    }

    /// Where the media kinds run.
    public enum Isolation: String, ExpressibleByArgument, CaseIterable, Sendable {
        /// A runner process per attempt, with limits (`glint runner`).
        case runner
        /// The worker's own process, without limits.
        case inProcess = "in-process"
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

    public init() {}

    public func validate() throws {
        _ = try configuration(environment: ProcessInfo.processInfo.environment)
    }

    /// The runner configuration, or nil for in-process.
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
        guard isolation.value == .runner else { return nil }
        return JobRunnerConfiguration(
            executable: executable, deadline: .milliseconds(Int64(deadline.value * 1000)), deadlines: byKind,
            memoryLimitBytes: memory.value << 20)
    }
}
