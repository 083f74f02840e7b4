import ArgumentParser
import Foundation
import GlintQueue
import GlintServer

/// The per-key limits (``KeyLimits``) as flags: `glint keys create|update` set a key's own, and
/// `glint serve` sets the defaults of keys that leave one out (each also from its environment
/// variable there).
///
/// | flag | environment (`glint serve`) |
/// | --- | --- |
/// | `--max-queued` | `GLINT_MAX_QUEUED` |
/// | `--max-running` | `GLINT_MAX_RUNNING` |
/// | `--max-storage-bytes` | `GLINT_MAX_STORAGE_BYTES` |
/// | `--rate` | `GLINT_RATE` |
/// | `--burst` | `GLINT_BURST` |
/// | `--blob-retention-days` | `GLINT_BLOB_RETENTION_DAYS` |
/// | `--queues` | `GLINT_KEY_QUEUES` |
public struct KeyLimitOptions: ParsableArguments {
    /// The environment variables of `glint serve`, by flag.
    public enum Variable {
        public static let maxQueued = "GLINT_MAX_QUEUED"
        public static let maxRunning = "GLINT_MAX_RUNNING"
        public static let maxStorageBytes = "GLINT_MAX_STORAGE_BYTES"
        public static let rate = "GLINT_RATE"
        public static let burst = "GLINT_BURST"
        public static let blobRetentionDays = "GLINT_BLOB_RETENTION_DAYS"
        public static let queues = "GLINT_KEY_QUEUES"
    }

    @Option(help: "Jobs the key's tenant may have waiting to run (glint serve: the default for keys without one; $\(Variable.maxQueued)).")
    public var maxQueued: Int?

    @Option(help: "Jobs of the key's tenant that may run at once, on all workers (glint serve: the default; $\(Variable.maxRunning)).")
    public var maxRunning: Int?

    @Option(help: "Bytes the key's tenant may store, uploads and outputs (glint serve: the default; $\(Variable.maxStorageBytes)).")
    public var maxStorageBytes: Int64?

    @Option(help: "Requests per second with the key, sustained (glint serve: the default; $\(Variable.rate)).")
    public var rate: Double?

    @Option(help: "Requests at once above --rate (default: 2 s worth, at least 10; glint serve: $\(Variable.burst)).")
    public var burst: Int?

    @Option(
        help: """
            Days the key's tenant's uploads and outputs are kept after their last use, once no unfinished job or live share needs them \
            (glint serve: the default, else kept; $\(Variable.blobRetentionDays)).
            """)
    public var blobRetentionDays: Double?

    @Option(
        help: """
            The queues the key may submit jobs to, comma-separated (default: default alone; glint serve: the default for keys \
            without one; $\(Variable.queues)).
            """)
    public var queues: String?

    public init() {}

    /// The limits given as flags (a key's own; each left out is nil).
    /// - Throws: `ValidationError` naming a flag out of range.
    public func limits() throws -> KeyLimits {
        try limits(environment: [:])
    }

    /// The limits given as flags, else by the environment (`glint serve`'s defaults).
    /// - Throws: `ValidationError` naming the flag or variable that is out of range or does not parse.
    public func limits(environment: [String: String]) throws -> KeyLimits {
        func resolve<Value: LosslessStringConvertible>(_ flag: Value?, _ name: String, _ variable: String) throws -> ResolvedSetting<Value?> {
            // Optionals of optionals: a flag left out must be nil (not .some(nil), a flag given as
            // nothing), and so must a variable that does not parse (an error, not a limit left out).
            try ResolvedSetting<Value?>(flag: flag.map { .some($0) }, name: name, variable: variable, environment: environment, default: nil) { text in
                Value(text).map { .some($0) }
            }
        }
        let queued = try resolve(maxQueued, "--max-queued", Variable.maxQueued)
        try queued.require("must be at least 0") { ($0 ?? 0) >= 0 }
        let running = try resolve(maxRunning, "--max-running", Variable.maxRunning)
        try running.require("must be 1 to 1000000") { JobSubmission.maxRunningRange.contains($0 ?? 1) }
        let storage = try resolve(maxStorageBytes, "--max-storage-bytes", Variable.maxStorageBytes)
        try storage.require("must be at least 0") { ($0 ?? 0) >= 0 }
        let rate = try resolve(rate, "--rate", Variable.rate)
        try rate.require("must be more than 0") { ($0 ?? 1) > 0 && ($0 ?? 1).isFinite }
        let burst = try resolve(burst, "--burst", Variable.burst)
        try burst.require("must be at least 1") { ($0 ?? 1) >= 1 }
        return KeyLimits(
            maxQueued: queued.value, maxRunning: running.value, maxStorageBytes: storage.value, rate: rate.value, burst: burst.value,
            blobRetentionDays: try Self.blobRetentionDays(blobRetentionDays, environment: environment),
            queues: try Self.queues(queues, environment: environment))
    }

    /// The most queues one key may name.
    static let maxQueues = 64

    /// `--queues a,b` as given, else its variable in `environment`: 1 to ``maxQueues`` names of 1-100
    /// characters; nil when neither is set.
    /// - Throws: `ValidationError` naming the flag or variable.
    static func queues(_ flag: String?, environment: [String: String]) throws -> [String]? {
        let (text, name) = flag.map { ($0, "--queues") } ?? (environment[Variable.queues].map { ($0, "$" + Variable.queues) } ?? (nil, ""))
        guard let text else { return nil }
        let names = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard (1...maxQueues).contains(names.count), names.allSatisfy({ !$0.isEmpty && $0.utf8.count <= 100 }) else {
            throw ValidationError("\(name) must name 1 to \(maxQueues) queues of 1-100 characters, comma-separated (got '\(text)')")
        }
        return Array(Set(names)).sorted()
    }

    /// `--blob-retention-days` as given, else its variable in `environment` (this process's by
    /// default; also `glint retention run`'s default retention); nil keeps the blobs.
    /// - Throws: `ValidationError` naming the flag or variable when not a number of days above 0.
    public static func blobRetentionDays(_ flag: Double?, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Double? {
        let retention = try ResolvedSetting<Double?>(
            flag: flag.map { .some($0) }, name: "--blob-retention-days", variable: Variable.blobRetentionDays, environment: environment, default: nil
        ) { text in Double(text).map { .some($0) } }
        try retention.require("must be more than 0 days") { ($0 ?? 1) > 0 && ($0 ?? 1).isFinite }
        return retention.value
    }
}
