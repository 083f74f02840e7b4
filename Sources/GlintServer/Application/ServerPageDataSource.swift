import Foundation
import GlintLivePhoto
import GlintQueue

/// The pages' data (`PageDataSource`) read from the real stores: shares from the server store,
/// their job's outputs as blob files, the viewer's key from the server store, and the queue's
/// numbers from the job store, of the viewer's tenant (every tenant for an operator's key).
/// It only reads: renditions are submitted when a share is made, never here.
public struct ServerPageDataSource: PageDataSource {
    let server: ServerContext
    /// The most completed jobs looked at for the throughput chart.
    static let throughputScanLimit = 10_000

    public init(server: ServerContext) {
        self.server = server
    }

    public func share(id: String) async throws -> PageShare? {
        guard let share = try await server.store.share(id: id),
            let job = try await server.jobs.job(share.job, tenant: share.tenant)
        else { return nil }
        return PageShare(
            id: share.id, job: job.id, state: share.revokedAt == nil ? .active : .revoked, expiresAt: share.expiresAt,
            outputs: job.outputs.compactMapValues { server.file(for: $0) },
            renditions: try await server.renditionFiles(of: job, keepLocation: share.keepLocation), keepLocation: share.keepLocation)
    }

    public func viewer(key text: String) async throws -> PageViewer? {
        do {
            return Self.viewer(try await server.store.verifiedKey(text: text))
        } catch is Problem {
            return nil
        }
    }

    public func viewer(keyID: String) async throws -> PageViewer? {
        guard let record = try await server.store.key(id: keyID), record.revokedAt == nil else { return nil }
        return Self.viewer(record)
    }

    static func viewer(_ record: APIKeyRecord) -> PageViewer {
        PageViewer(keyID: record.id, tenant: record.tenant, isOperator: record.isOperator)
    }

    public func queueCounts(tenant: String?) async throws -> [JobState: Int] {
        try await server.jobs.countsByState(tenant: tenant)
    }

    /// Completed jobs per minute, from the newest completed jobs (at most ``throughputScanLimit``).
    public func completionsPerMinute(tenant: String?, endingAt end: Date, minutes: Int) async throws -> [Int] {
        guard minutes > 0 else { return [] }
        var buckets = [Int](repeating: 0, count: minutes)
        let start = end.addingTimeInterval(-Double(minutes) * 60)
        var cursor: String?
        var scanned = 0
        repeat {
            let page = try await server.jobs.jobs(matching: JobFilter(tenant: tenant, states: [.completed], limit: 1000, cursor: cursor))
            for job in page.jobs {
                guard let completed = job.completedAt, completed >= start, completed < end else { continue }
                buckets[min(Int(completed.timeIntervalSince(start) / 60), minutes - 1)] += 1
            }
            scanned += page.jobs.count
            // Listed newest-created first: a job created before the window opened by more than a
            // day is taken as the end of what can have completed inside it.
            if let oldest = page.jobs.last?.createdAt, oldest < start.addingTimeInterval(-86400) { break }
            cursor = page.nextCursor
        } while cursor != nil && scanned < Self.throughputScanLimit
        return buckets
    }

    /// The newest jobs; one has a thumbnail where its renditions job (submitted when it was shared)
    /// has made one: the dashboard never serves a full-size still, and never asks for renditions.
    public func recentJobs(tenant: String?, limit: Int) async throws -> [PageJobSummary] {
        var summaries: [PageJobSummary] = []
        for job in try await server.jobs.jobs(matching: JobFilter(tenant: tenant, limit: limit)).jobs {
            let thumbnail = try await server.renditionFiles(of: job)[ShareRenditions.Name.thumbnail.rawValue]
            summaries.append(
                PageJobSummary(
                    id: job.id, kind: job.kind, state: job.state, createdAt: job.createdAt,
                    finishedAt: job.completedAt ?? job.discardedAt ?? job.cancelledAt, hasThumbnail: thumbnail != nil))
        }
        return summaries
    }

    /// The thumbnail its renditions job made (JPEG, at most 640 px on its long side).
    public func thumbnail(job id: JobID, tenant: String?) async throws -> PageFile? {
        guard let job = try await server.jobs.job(id, tenant: tenant) else { return nil }
        return try await server.renditionFiles(of: job)[ShareRenditions.Name.thumbnail.rawValue]
    }
}
