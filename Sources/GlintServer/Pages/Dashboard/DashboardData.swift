import Foundation
import GlintCore
import GlintQueue

/// The dashboard's numbers (`GET /dashboard/data.json`, and what `GET /` renders): jobs by state,
/// completions per minute over the last hour, and the recent jobs.
struct DashboardData: Encodable, Sendable {
    /// Completions in one minute of the chart.
    struct Throughput: Encodable, Sendable {
        /// How many minutes ``perMinute`` covers (60).
        var minutes: Int
        /// The end of the last minute (ISO 8601): the next whole minute after ``DashboardData/generatedAt``.
        var endingAt: String
        /// Completions per minute, oldest first.
        var perMinute: [Int]
        /// Their sum.
        var total: Int
    }

    /// One recent job.
    struct RecentJob: Encodable, Sendable {
        var id: String
        var kind: String
        var state: String
        var createdAt: String
        var finishedAt: String?
        /// `/dashboard/jobs/<id>/thumbnail`, or nil when the job has no image output.
        var thumbnail: String?
        /// The job's API document, `/v1/jobs/<id>` (needs an API key).
        var url: String

        /// Every key, absent values as `null`.
        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(kind, forKey: .kind)
            try container.encode(state, forKey: .state)
            try container.encode(createdAt, forKey: .createdAt)
            try container.encode(finishedAt, forKey: .finishedAt)
            try container.encode(thumbnail, forKey: .thumbnail)
            try container.encode(url, forKey: .url)
        }

        enum CodingKeys: String, CodingKey { case id, kind, state, createdAt, finishedAt, thumbnail, url }
    }

    var generatedAt: String
    /// Whose jobs these are: `"every tenant"` (an operator's key) or `"tenant <name>"`.
    var scope: String
    /// Every state, with 0 for those that have no jobs, in the queue's order of states.
    var counts: [String: Int]
    var throughput: Throughput
    var recentJobs: [RecentJob]

    static let minutes = 60
    static let recentLimit = 12

    /// Reads from `source` as of `now` what `viewer` may see: its tenant's jobs, or every tenant's
    /// for an operator's key.
    static func load(from source: some PageDataSource, for viewer: PageViewer, now: Date) async throws -> DashboardData {
        let tenant = viewer.scope
        let minute = 60.0
        let end = Date(timeIntervalSince1970: ((now.timeIntervalSince1970 / minute).rounded(.down) + 1) * minute)
        async let counts = source.queueCounts(tenant: tenant)
        async let perMinute = source.completionsPerMinute(tenant: tenant, endingAt: end, minutes: minutes)
        async let recent = source.recentJobs(tenant: tenant, limit: recentLimit)
        var allCounts: [String: Int] = [:]
        let byState = try await counts
        for state in JobState.allCases { allCounts[state.rawValue] = byState[state] ?? 0 }
        let series = try await perMinute
        let jobs = try await recent.map { job in
            RecentJob(
                id: job.id.description, kind: job.kind.rawValue, state: job.state.rawValue,
                createdAt: Timestamp.string(from: job.createdAt), finishedAt: job.finishedAt.map { Timestamp.string(from: $0) },
                thumbnail: job.hasThumbnail ? "/dashboard/jobs/\(job.id)/thumbnail" : nil, url: "/v1/jobs/\(job.id)")
        }
        return DashboardData(
            generatedAt: Timestamp.string(from: now), scope: viewer.isOperator ? "every tenant" : "tenant \(viewer.tenant)", counts: allCounts,
            throughput: Throughput(
                minutes: minutes, endingAt: Timestamp.string(from: end), perMinute: series,
                total: series.reduce(0, +)),
            recentJobs: jobs)
    }
}
