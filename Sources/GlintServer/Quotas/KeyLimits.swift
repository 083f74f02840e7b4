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

    public init(
        maxQueued: Int? = nil, maxRunning: Int? = nil, maxStorageBytes: Int64? = nil, rate: Double? = nil, burst: Int? = nil,
        blobRetentionDays: Double? = nil
    ) {
        self.maxQueued = maxQueued
        self.maxRunning = maxRunning
        self.maxStorageBytes = maxStorageBytes
        self.rate = rate
        self.burst = burst
        self.blobRetentionDays = blobRetentionDays
    }

    /// No limit at all.
    public static let unlimited = KeyLimits()

    /// These limits, each one left out taken from `defaults`.
    public func over(_ defaults: KeyLimits) -> KeyLimits {
        KeyLimits(
            maxQueued: maxQueued ?? defaults.maxQueued, maxRunning: maxRunning ?? defaults.maxRunning,
            maxStorageBytes: maxStorageBytes ?? defaults.maxStorageBytes, rate: rate ?? defaults.rate, burst: burst ?? defaults.burst,
            blobRetentionDays: blobRetentionDays ?? defaults.blobRetentionDays)
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
        }
        return limits
    }
}
