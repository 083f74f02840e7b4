import ArgumentParser
import Foundation
import GlintQueue
import GlintServer

/// The options of `glint serve`: where it listens and its limits, plus every option of
/// `glint worker` for the embedded worker (``WorkerOptions``). Each is the flag, else its
/// environment variable, else ``GlintServerConfiguration``'s (or ``JobWorkerConfiguration``'s) default.
///
/// | flag | environment |
/// | --- | --- |
/// | `--host` | `GLINT_HOST` |
/// | `--port` | `GLINT_PORT` |
/// | `--max-upload-bytes` | `GLINT_MAX_UPLOAD_BYTES` |
/// | `--stop-margin-seconds` | `GLINT_STOP_MARGIN_SECONDS` |
/// | `--workers` (`--concurrency`) | `GLINT_CONCURRENCY` |
/// | `--max-queued`, `--max-running`, `--max-storage-bytes`, `--rate`, `--burst` | ``KeyLimitOptions`` |
///
/// `--workers N` is `--concurrency N` under the name `glint serve` has always had; `--no-workers`
/// runs no worker (an API-only node).
public struct ServerOptions: ParsableArguments {
    /// The environment variables, by flag.
    public enum Variable {
        public static let host = "GLINT_HOST"
        public static let port = "GLINT_PORT"
        public static let maxUploadBytes = "GLINT_MAX_UPLOAD_BYTES"
        public static let stopMarginSeconds = "GLINT_STOP_MARGIN_SECONDS"
    }

    private typealias Defaults = GlintServerConfiguration

    @Option(
        help: ArgumentHelp(
            "The port to listen on; 0: any free port, printed when listening (default \(Defaults.defaultPort); $\(Variable.port))."))
    public var port: Int?

    @Option(help: ArgumentHelp("The address to listen on (default \(Defaults.defaultHost); $\(Variable.host))."))
    public var host: String?

    @Option(
        help: ArgumentHelp(
            "How many jobs the embedded worker runs at once: the same as --concurrency (default \(JobWorkerConfiguration.defaultConcurrency); $\(WorkerOptions.Variable.concurrency))."
        ))
    public var workers: Int?

    @Flag(help: "Run no worker in this process (an API-only node).")
    public var noWorkers = false

    @Option(
        help: ArgumentHelp(
            "The largest upload accepted, in bytes (default \(Defaults.defaultMaxUploadBytes); $\(Variable.maxUploadBytes))."))
    public var maxUploadBytes: Int64?

    @Option(
        help: ArgumentHelp(
            "On SIGTERM, how long requests in flight may take beyond the worker's --grace-seconds before they are cut off, in seconds (default \(helpNumber(Defaults.defaultStopMargin.inSeconds)); $\(Variable.stopMarginSeconds))."
        ))
    public var stopMarginSeconds: Double?

    @OptionGroup(title: "Limits of keys that set none") public var keyLimits: KeyLimitOptions

    @OptionGroup(title: "Slow clients") public var connectionTimeouts: ConnectionTimeoutOptions

    @OptionGroup(title: "Webhooks") public var egress: EgressOptions

    @OptionGroup(title: "Client addresses and the pages' limits") public var clientAddresses: ClientAddressOptions

    @OptionGroup(title: "Worker options") public var worker: WorkerOptions

    public init() {}

    public func validate() throws {
        _ = try configuration(environment: ProcessInfo.processInfo.environment)
    }

    /// The service's configuration: these options, else the environment's, else the defaults.
    /// The embedded worker's id and work directory are left to the service (see
    /// ``GlintServerConfiguration/worker``).
    /// - Throws: `ValidationError` naming the flag or variable that is out of range or does not parse.
    public func configuration(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> GlintServerConfiguration {
        let port = try ResolvedSetting(flag: port, name: "--port", variable: Variable.port, environment: environment, default: Defaults.defaultPort)
        try port.require("must be in 0...65535") { (0...65535).contains($0) }
        let host = try ResolvedSetting(flag: host, name: "--host", variable: Variable.host, environment: environment, default: Defaults.defaultHost)
        let maxUpload = try ResolvedSetting(
            flag: maxUploadBytes, name: "--max-upload-bytes", variable: Variable.maxUploadBytes,
            environment: environment, default: Defaults.defaultMaxUploadBytes)
        try maxUpload.require("must be at least 1") { $0 >= 1 }
        let stopMargin = try ResolvedSetting(
            flag: stopMarginSeconds, name: "--stop-margin-seconds", variable: Variable.stopMarginSeconds,
            environment: environment, default: Defaults.defaultStopMargin.inSeconds)
        try stopMargin.require("must be 0 to 86400") { (0...86400).contains($0) }
        if let workers {
            guard workers >= 1 else { throw ValidationError("--workers must be at least 1 (use --no-workers for none)") }
            if let concurrency = worker.concurrency, concurrency != workers {
                throw ValidationError("--workers \(workers) and --concurrency \(concurrency) disagree (they are the same option)")
            }
        }
        let workerConfiguration = try worker.configuration(concurrency: workers, environment: environment)
        var configuration = GlintServerConfiguration(
            host: host.value, port: port.value, maxUploadBytes: maxUpload.value,
            worker: noWorkers ? nil : workerConfiguration)
        configuration.stopMargin = .milliseconds(Int64(stopMargin.value * 1000))
        configuration.runner = try worker.runner.configuration(environment: environment)
        configuration.inputLimits = try worker.inputLimits.limits(environment: environment)
        configuration.defaultLimits = try keyLimits.limits(environment: environment)
        configuration.connectionTimeouts = try connectionTimeouts.timeouts(environment: environment)
        configuration.egressPolicy = try egress.policy(environment: environment)
        configuration.webhookAttemptTimeout = try egress.attemptTimeout(environment: environment)
        configuration.pageAccess = try clientAddresses.configuration(environment: environment)
        configuration.enableTestKinds = worker.testKinds.enableTestKinds
        return configuration
    }
}
