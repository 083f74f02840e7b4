import Foundation
import GlintCore
import GlintQueue
import Logging
import ServiceLifecycle

/// Retention of what tenants store: a tenant's claim on a blob (an upload, or a job's output it
/// was given) goes once it has not been used for the tenant's `blob-retention-days`
/// (``KeyLimits/blobRetentionDays``: the longest of the tenant's live keys, each left out taking
/// the server's default; none at all keeps the blobs), unless an unfinished job takes it as input
/// or a live share shows its job. Its bytes then no longer count against `max-storage-bytes`.
/// A file that no tenant claims and no job in the store names is removed once nobody has put it
/// for ``orphanGrace``, and so is a temporary file of a put that a killed process left untouched as long (a put between writing the file and recording the claim, or a job's output
/// before the job completes, is younger than that).
///
/// Every step is safe beside the API and the workers, and beside the same pass on other API
/// nodes: a claim is taken away only if still unused since the cutoff (a job submitted meanwhile
/// marks its inputs used first), and a file only if nobody put it since (``FileBlobStore/remove(_:ifNotPutSince:)``).
///
/// A ServiceLifecycle service that makes a pass every ``interval`` (on its clock, the server's);
/// ``sweep()`` is one pass.
public struct BlobRetention: Service {
    /// What one pass did.
    public struct Report: Hashable, Sendable, Codable {
        /// Tenants' claims taken away, and the bytes they counted.
        public var removedClaims = 0
        public var removedBytes: Int64 = 0
        /// Claims past retention kept because an unfinished job or a live share needs the blob.
        public var keptInUse = 0
        /// Files removed from the blob store, and their bytes.
        public var removedFiles = 0
        public var removedFileBytes: Int64 = 0
        /// Temporary files of puts that a killed process left in the blob store's `tmp/`.
        public var removedTemporaryFiles = 0
    }

    let jobs: any JobStore
    let store: any ServerStore
    let blobs: FileBlobStore
    /// The limits of keys that set none (``KeyLimits/blobRetentionDays`` is the default retention).
    let defaultLimits: KeyLimits
    /// What claims' ages are measured and passes are spaced by.
    let clock: any WallClock
    /// How long a file that nobody claims or names is kept after its latest put.
    public var orphanGrace: Duration
    /// The time between passes.
    public var interval: Duration
    let logger: Logger
    /// Claims looked at per tenant and pass.
    static let pageSize = 1000

    /// Retention of `server`'s stores, with its default limits and clock.
    public init(server: ServerContext, orphanGrace: Duration = .seconds(3600), interval: Duration = .seconds(600), logger: Logger) {
        self.init(
            jobs: server.jobs, store: server.store, blobs: server.blobs, defaultLimits: server.defaultLimits, clock: server.clock,
            orphanGrace: orphanGrace, interval: interval, logger: logger)
    }

    /// Retention of the stores themselves (`glint retention run`, with no server around), on
    /// `clock` (the job store's unless given).
    public init(
        jobs: any JobStore, store: any ServerStore, blobs: FileBlobStore, defaultLimits: KeyLimits, clock: (any WallClock)? = nil,
        orphanGrace: Duration = .seconds(3600), interval: Duration = .seconds(600), logger: Logger
    ) {
        self.jobs = jobs
        self.store = store
        self.blobs = blobs
        self.defaultLimits = defaultLimits
        self.clock = clock ?? jobs.clock
        self.orphanGrace = orphanGrace
        self.interval = interval
        self.logger = logger
    }

    public func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                do {
                    let report = try await sweep()
                    if report.removedClaims + report.removedFiles + report.removedTemporaryFiles > 0 {
                        logger.info(
                            "retention removed blobs",
                            metadata: [
                                "claims": "\(report.removedClaims)", "claimBytes": "\(report.removedBytes)", "files": "\(report.removedFiles)",
                                "fileBytes": "\(report.removedFileBytes)", "keptInUse": "\(report.keptInUse)",
                                "temporaryFiles": "\(report.removedTemporaryFiles)",
                            ])
                    }
                } catch {
                    logger.warning("retention pass failed", metadata: ["error": "\(error)"])
                }
                await clock.pause(for: interval)
            }
        }
    }

    /// One pass over every tenant's claims, then over the files.
    public func sweep() async throws -> Report {
        let now = clock.now()
        let keys = try await store.keys(tenant: nil)
        var report = Report()
        var references = try await jobs.blobReferences()
        for tenant in try await store.blobTenants() {
            guard let days = retentionDays(of: tenant, keys: keys) else { continue }
            try await expireClaims(of: tenant, unusedSince: now.addingTimeInterval(-days * 86400), references: references, now: now, into: &report)
        }
        // Read again: a job submitted during the pass names inputs the first read did not see.
        references = try await jobs.blobReferences()
        try await removeUnclaimedFiles(references: references, notPutSince: now.addingTimeInterval(-orphanGrace.seconds), into: &report)
        // A put in progress writes its temporary file continuously: one untouched for the grace is abandoned.
        let blobs = self.blobs
        let grace = orphanGrace.seconds
        report.removedTemporaryFiles = try await BlockingThread.run(name: "glint-retention") { blobs.removeAbandonedTemporaryFiles(olderThan: grace) }
        return report
    }

    /// The tenant's retention in days: the longest of its live keys' (each left out taking the
    /// server's default), the server's default when it has none; nil keeps its blobs.
    func retentionDays(of tenant: String, keys: [APIKeyRecord]) -> Double? {
        let live = keys.filter { $0.tenant == tenant && $0.revokedAt == nil }
        if live.isEmpty { return defaultLimits.blobRetentionDays }
        let days = live.map { $0.limits.over(defaultLimits).blobRetentionDays }
        if days.contains(where: { $0 == nil }) { return nil }
        return days.compactMap { $0 }.max()
    }

    private func expireClaims(
        of tenant: String, unusedSince cutoff: Date, references: JobBlobReferences, now: Date, into report: inout Report
    ) async throws {
        let expired = try await store.blobs(tenant: tenant, unusedSince: cutoff, limit: Self.pageSize)
        if expired.isEmpty { return }
        let shown = try await blobsOfLiveShares(tenant: tenant, at: now)
        for claim in expired {
            if references.inputsOfUnfinishedJobs.contains(claim.blob) || shown.contains(claim.blob) {
                report.keptInUse += 1
            } else if try await store.removeBlob(claim.blob, tenant: tenant, unusedSince: cutoff) {
                report.removedClaims += 1
                report.removedBytes += claim.size
            }
        }
    }

    /// The inputs and outputs of the jobs the tenant's live shares show, and what their renditions
    /// jobs made (the copies without location a share serves: no page makes them again).
    private func blobsOfLiveShares(tenant: String, at now: Date) async throws -> Set<BlobID> {
        var blobs: Set<BlobID> = []
        for share in try await store.liveShares(tenant: tenant, at: now) {
            guard let job = try await jobs.job(share.job, tenant: tenant) else { continue }
            blobs.formUnion(job.inputs.values)
            blobs.formUnion(job.outputs.values)
            let key = ServerContext.renditionsKey(of: job.id, keepLocation: share.keepLocation)
            if let renditions = try await jobs.job(idempotencyKey: key, tenant: tenant) { blobs.formUnion(renditions.outputs.values) }
        }
        return blobs
    }

    private func removeUnclaimedFiles(references: JobBlobReferences, notPutSince cutoff: Date, into report: inout Report) async throws {
        let claimed = try await store.ownedBlobs()
        let blobs = self.blobs
        let removed = try await BlockingThread.run(name: "glint-retention") {
            var removed: [FileBlobStore.StoredFile] = []
            for file in blobs.storedFiles() where file.modified < cutoff && !claimed.contains(file.blob) && !references.ofAnyJob.contains(file.blob) {
                if blobs.remove(file.blob, ifNotPutSince: cutoff) { removed.append(file) }
            }
            return removed
        }
        report.removedFiles += removed.count
        report.removedFileBytes += removed.reduce(0) { $0 + $1.size }
    }
}
