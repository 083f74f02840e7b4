import ArgumentParser
import Foundation
import GlintQueue

/// The worker's options, the same in `glint worker` and `glint serve` (its embedded worker): each
/// is the flag, else its environment variable, else ``JobWorkerConfiguration``'s default.
///
/// | flag | environment |
/// | --- | --- |
/// | `--concurrency` | `GLINT_CONCURRENCY` |
/// | `--queue` (repeated) | `GLINT_QUEUES` (comma-separated) |
/// | `--lease-seconds` | `GLINT_LEASE_SECONDS` |
/// | `--grace-seconds` | `GLINT_GRACE_SECONDS` |
/// | `--retention-days` | `GLINT_RETENTION_DAYS` |
/// | `--max-pixels`, `--max-motion-seconds` | `GLINT_MAX_PIXELS`, `GLINT_MAX_MOTION_SECONDS` (``InputLimitOptions``) |
///
/// and the runner's (``RunnerOptions``: `--isolation`, `--deadline-seconds`, `--deadline`, `--memory-limit-mb`).
public struct WorkerOptions: ParsableArguments {
    /// The environment variables, by flag.
    public enum Variable {
        public static let concurrency = "GLINT_CONCURRENCY"
        public static let queues = "GLINT_QUEUES"
        public static let leaseSeconds = "GLINT_LEASE_SECONDS"
        public static let graceSeconds = "GLINT_GRACE_SECONDS"
        public static let retentionDays = "GLINT_RETENTION_DAYS"
    }

    private typealias Defaults = JobWorkerConfiguration

    @Option(
        help: ArgumentHelp(
            "How many jobs run at once (default \(Defaults.defaultConcurrency); $\(Variable.concurrency))."))
    public var concurrency: Int?

    @Option(
        name: .customLong("queue"),
        help: ArgumentHelp(
            "A queue to claim from, repeated for several (default \(Defaults.defaultQueues.map { "\"\($0)\"" }.joined(separator: ",")); $\(Variable.queues), comma-separated)."
        ))
    public var queues: [String] = []

    @Option(
        help: ArgumentHelp(
            "Lease length in seconds: a job of a dead worker runs again after it (default \(helpNumber(Defaults.defaultLease.inSeconds)); $\(Variable.leaseSeconds))."
        ))
    public var leaseSeconds: Double?

    @Option(
        help: ArgumentHelp(
            "On shutdown, how long running jobs may take to finish before they are released, in seconds (default \(helpNumber(Defaults.defaultShutdownGracePeriod.inSeconds)); $\(Variable.graceSeconds))."
        ))
    public var graceSeconds: Double?

    @Option(
        help: ArgumentHelp(
            "Finished jobs are pruned after this many days (default \(helpNumber(Defaults.defaultRetention.inSeconds / 86400)); $\(Variable.retentionDays))."))
    public var retentionDays: Double?

    /// The largest inputs accepted (`--max-pixels`, `--max-motion-seconds`).
    @OptionGroup public var inputLimits: InputLimitOptions

    /// Where the media kinds run, and their deadline and memory limit.
    @OptionGroup public var runner: RunnerOptions

    @OptionGroup public var testKinds: TestKindOptions

    public init() {}

    public func validate() throws {
        _ = try Settings(self, environment: ProcessInfo.processInfo.environment)
    }

    /// The worker's configuration: these options, else the environment's, else the defaults.
    /// - Parameters:
    ///   - concurrency: A concurrency, validated already, that takes precedence over `--concurrency`
    ///     and the environment (`glint serve --workers`).
    ///   - workerID: The worker's id.
    ///   - workDirectory: Where its attempts work (``GlintDataDirectory/workDirectory(worker:)``).
    ///   - environment: The environment variables (this process's by default).
    /// - Throws: `ValidationError` naming the flag or variable that is out of range or does not parse.
    public func configuration(
        concurrency: Int? = nil, workerID: String = WorkerIdentity.make(), workDirectory: URL? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> JobWorkerConfiguration {
        let settings = try Settings(self, environment: environment)
        let lease = Duration.milliseconds(Int64(settings.leaseSeconds * 1000))
        return JobWorkerConfiguration(
            workerID: workerID, queues: settings.queues, concurrency: concurrency ?? settings.concurrency, lease: lease,
            rescueInterval: JobWorkerConfiguration.rescueInterval(lease: lease), retention: .seconds(settings.retentionDays * 86400),
            shutdownGracePeriod: .milliseconds(Int64(settings.graceSeconds * 1000)), workDirectory: workDirectory)
    }

    /// The options resolved against the environment and the defaults, and validated.
    private struct Settings {
        var concurrency: Int
        var queues: [String]
        var leaseSeconds: Double
        var graceSeconds: Double
        var retentionDays: Double

        init(_ options: WorkerOptions, environment: [String: String]) throws {
            let concurrency = try ResolvedSetting(
                flag: options.concurrency, name: "--concurrency", variable: Variable.concurrency,
                environment: environment, default: Defaults.defaultConcurrency)
            try concurrency.require("must be at least 1") { $0 >= 1 }
            let queues = try ResolvedSetting(
                flag: options.queues.isEmpty ? nil : options.queues, name: "--queue", variable: Variable.queues, environment: environment,
                default: Defaults.defaultQueues
            ) { text in
                let names = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
                return names.contains(where: \.isEmpty) ? nil : names
            }
            let lease = try ResolvedSetting(
                flag: options.leaseSeconds, name: "--lease-seconds", variable: Variable.leaseSeconds,
                environment: environment, default: Defaults.defaultLease.inSeconds)
            try lease.require("must be at least 0.5") { $0 >= 0.5 && $0.isFinite }
            let grace = try ResolvedSetting(
                flag: options.graceSeconds, name: "--grace-seconds", variable: Variable.graceSeconds,
                environment: environment, default: Defaults.defaultShutdownGracePeriod.inSeconds)
            try grace.require("must not be negative") { $0 >= 0 && $0.isFinite }
            let retention = try ResolvedSetting(
                flag: options.retentionDays, name: "--retention-days", variable: Variable.retentionDays,
                environment: environment, default: Defaults.defaultRetention.inSeconds / 86400)
            try retention.require("must be a number of days") { $0.isFinite }
            (self.concurrency, self.queues, leaseSeconds, graceSeconds, retentionDays) =
                (concurrency.value, queues.value, lease.value, grace.value, retention.value)
        }
    }
}
