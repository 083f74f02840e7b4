import Foundation

/// What the requests made with one API key may use, counted for the key's tenant: jobs queued,
/// jobs running (a share of the workers), bytes stored (uploads and outputs), and requests per
/// second with a burst above that rate.
///
/// A key keeps its own limits (`glint keys create|update --max-queued ...`); a limit it leaves
/// out (nil) is the server's default (`glint serve --max-queued ...`, ``over(_:)``), and a default
/// left out is no limit.
public struct KeyLimits: Hashable, Sendable, Codable {
    /// Jobs of the tenant waiting to run (scheduled, available, retryable).
    public var maxQueued: Int?
    /// Jobs of the tenant running at once, on all workers together.
    public var maxRunning: Int?
    /// Bytes the tenant stores: its uploads and its jobs' outputs.
    public var maxStorageBytes: Int64?
    /// Requests per second with the key, sustained.
    public var rate: Double?
    /// Requests that may come at once above ``rate`` (``defaultBurst(rate:)`` when left out).
    public var burst: Int?
    /// Days the tenant's uploads and outputs are kept after their last use, once no unfinished job
    /// and no live share needs them (``BlobRetention``); nil keeps them.
    public var blobRetentionDays: Double?
    /// The queues the key may submit jobs to (``allowedQueues``: `default` alone when left out).
    public var queues: [String]?

    public init(
        maxQueued: Int? = nil, maxRunning: Int? = nil, maxStorageBytes: Int64? = nil, rate: Double? = nil, burst: Int? = nil,
        blobRetentionDays: Double? = nil, queues: [String]? = nil
    ) {
        self.maxQueued = maxQueued
        self.maxRunning = maxRunning
        self.maxStorageBytes = maxStorageBytes
        self.rate = rate
        self.burst = burst
        self.blobRetentionDays = blobRetentionDays
        self.queues = queues
    }

    /// The queues a key may submit to when neither it nor the server names any.
    public static let defaultQueues = ["default"]

    /// The queues the key may submit to: its own ``queues``, else ``defaultQueues``.
    public var allowedQueues: [String] { queues ?? Self.defaultQueues }

    /// No limit at all.
    public static let unlimited = KeyLimits()

    /// These limits, each one left out taken from `defaults`.
    public func over(_ defaults: KeyLimits) -> KeyLimits {
        KeyLimits(
            maxQueued: maxQueued ?? defaults.maxQueued, maxRunning: maxRunning ?? defaults.maxRunning,
            maxStorageBytes: maxStorageBytes ?? defaults.maxStorageBytes, rate: rate ?? defaults.rate, burst: burst ?? defaults.burst,
            blobRetentionDays: blobRetentionDays ?? defaults.blobRetentionDays, queues: queues ?? defaults.queues)
    }

    /// ``queues`` as the stores keep them: a JSON array, nil when left out.
    static func storedQueues(_ queues: [String]?) -> String? {
        queues.flatMap { try? JSONEncoder().encode($0) }.map { String(decoding: $0, as: UTF8.self) }
    }

    /// ``queues`` from what the stores keep (``storedQueues(_:)``); nil when left out or unreadable.
    static func queues(stored text: String?) -> [String]? {
        text.flatMap { try? JSONDecoder().decode([String].self, from: Data($0.utf8)) }
    }

    /// The burst when none is set: two seconds' worth of requests, at least 10.
    public static func defaultBurst(rate: Double) -> Int {
        max(10, Int((rate * 2).rounded(.up)))
    }

    /// Each limit by the name of its flag, as problems and `glint keys update --unset` name them.
    public enum Name: String, Sendable, CaseIterable {
        case maxQueued = "max-queued"
        case maxRunning = "max-running"
        case maxStorageBytes = "max-storage-bytes"
        case rate
        case burst
        case blobRetentionDays = "blob-retention-days"
        case queues
    }

    /// These limits without `name` (left to the server's default).
    public func removing(_ name: Name) -> KeyLimits {
        var limits = self
        switch name {
        case .maxQueued: limits.maxQueued = nil
        case .maxRunning: limits.maxRunning = nil
        case .maxStorageBytes: limits.maxStorageBytes = nil
        case .rate: limits.rate = nil
        case .burst: limits.burst = nil
        case .blobRetentionDays: limits.blobRetentionDays = nil
        case .queues: limits.queues = nil
        }
        return limits
    }
}
