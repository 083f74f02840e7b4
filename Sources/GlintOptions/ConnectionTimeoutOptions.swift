import ArgumentParser
import Foundation
import GlintServer

/// The deadlines that close slow connections of `glint serve` (``ConnectionTimeouts``): each the
/// flag, else its environment variable, else the default; 0 turns one off.
///
/// | flag | environment | default |
/// | --- | --- | --- |
/// | `--header-timeout-seconds` | `GLINT_HEADER_TIMEOUT_SECONDS` | 10 |
/// | `--idle-timeout-seconds` | `GLINT_IDLE_TIMEOUT_SECONDS` | 60 |
/// | `--min-upload-bytes-per-second` | `GLINT_MIN_UPLOAD_BYTES_PER_SECOND` | 1024 |
/// | `--upload-rate-window-seconds` | `GLINT_UPLOAD_RATE_WINDOW_SECONDS` | 10 |
public struct ConnectionTimeoutOptions: ParsableArguments {
    /// The environment variables, by flag.
    public enum Variable {
        public static let headerTimeoutSeconds = "GLINT_HEADER_TIMEOUT_SECONDS"
        public static let idleTimeoutSeconds = "GLINT_IDLE_TIMEOUT_SECONDS"
        public static let minUploadBytesPerSecond = "GLINT_MIN_UPLOAD_BYTES_PER_SECOND"
        public static let uploadRateWindowSeconds = "GLINT_UPLOAD_RATE_WINDOW_SECONDS"
    }

    private typealias Defaults = ConnectionTimeouts

    @Option(
        help: ArgumentHelp(
            "The time a request's whole header block may take, in seconds, from the connection's start or the request's first byte; 0: no limit (default \(helpNumber(Defaults.defaultHeaderTimeout.inSeconds)); $\(Variable.headerTimeoutSeconds))."
        ))
    public var headerTimeoutSeconds: Double?

    @Option(
        help: ArgumentHelp(
            "How long a connection may stay open with no request in progress, in seconds; 0: no limit (default \(helpNumber(Defaults.defaultIdleTimeout.inSeconds)); $\(Variable.idleTimeoutSeconds))."
        ))
    public var idleTimeoutSeconds: Double?

    @Option(
        help: ArgumentHelp(
            "Request bodies (uploads) slower than this on average over --upload-rate-window-seconds are cut off; 0: no limit (default \(Defaults.defaultMinimumUploadBytesPerSecond); $\(Variable.minUploadBytesPerSecond))."
        ))
    public var minUploadBytesPerSecond: Int?

    @Option(
        help: ArgumentHelp(
            "The time the upload rate is averaged over, in seconds (default \(helpNumber(Defaults.defaultUploadRateWindow.inSeconds)); $\(Variable.uploadRateWindowSeconds))."
        ))
    public var uploadRateWindowSeconds: Double?

    public init() {}

    /// The timeouts: these options, else the environment's, else the defaults.
    /// - Throws: `ValidationError` naming the flag or variable that is out of range or does not parse.
    public func timeouts(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> ConnectionTimeouts {
        let header = try ResolvedSetting(
            flag: headerTimeoutSeconds, name: "--header-timeout-seconds", variable: Variable.headerTimeoutSeconds, environment: environment,
            default: Defaults.defaultHeaderTimeout.inSeconds)
        try header.require("must be 0 to 3600") { (0...3600).contains($0) }
        let idle = try ResolvedSetting(
            flag: idleTimeoutSeconds, name: "--idle-timeout-seconds", variable: Variable.idleTimeoutSeconds, environment: environment,
            default: Defaults.defaultIdleTimeout.inSeconds)
        try idle.require("must be 0 to 86400") { (0...86400).contains($0) }
        let rate = try ResolvedSetting(
            flag: minUploadBytesPerSecond, name: "--min-upload-bytes-per-second", variable: Variable.minUploadBytesPerSecond,
            environment: environment, default: Defaults.defaultMinimumUploadBytesPerSecond)
        try rate.require("must be at least 0") { $0 >= 0 }
        let window = try ResolvedSetting(
            flag: uploadRateWindowSeconds, name: "--upload-rate-window-seconds", variable: Variable.uploadRateWindowSeconds,
            environment: environment, default: Defaults.defaultUploadRateWindow.inSeconds)
        try window.require("must be 0.1 to 3600") { (0.1...3600).contains($0) }
        return ConnectionTimeouts(
            headerTimeout: Self.duration(header.value), idleTimeout: Self.duration(idle.value), minimumUploadBytesPerSecond: rate.value,
            uploadRateWindow: .milliseconds(Int64(window.value * 1000)))
    }

    /// `seconds` as a duration; nil for 0 (no limit).
    private static func duration(_ seconds: Double) -> Duration? {
        seconds > 0 ? .milliseconds(Int64((seconds * 1000).rounded())) : nil
    }
}
