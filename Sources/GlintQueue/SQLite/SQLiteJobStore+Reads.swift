import Foundation
import GRDB

/// Reads: one job, pages of jobs, counts. They run on WAL snapshots and never wait for writers.
extension SQLiteJobStore {
    public func job(_ id: JobID, tenant: String?) async throws -> Job? {
        try readHere("read job \(id)") { db in try Self.fetchJob(db, id: id, tenant: tenant) }
    }

    public func jobs(matching filter: JobFilter) async throws -> JobPage {
        var conditions: [String] = []
        var values: [(any DatabaseValueConvertible)?] = []
        if let tenant = filter.tenant {
            conditions.append("tenant = ?")
            values += [tenant]
        }
        if !filter.states.isEmpty {
            let states = filter.states.map(\.rawValue).sorted()
            conditions.append("state IN (\(Array(repeating: "?", count: states.count).joined(separator: ", ")))")
            values += states.map { $0 as (any DatabaseValueConvertible)? }
        }
        if !filter.kinds.isEmpty {
            let kinds = filter.kinds.map(\.rawValue).sorted()
            conditions.append("kind IN (\(Array(repeating: "?", count: kinds.count).joined(separator: ", ")))")
            values += kinds.map { $0 as (any DatabaseValueConvertible)? }
        }
        if let queue = filter.queue {
            conditions.append("queue = ?")
            values += [queue]
        }
        if let batch = filter.batch {
            conditions.append("batch = ?")
            values += [batch]
        }
        if let cursor = filter.cursor {
            guard let position = ListingCursor(cursor) else {
                throw JobQueueError(.invalidSubmission, "listing cursor '\(cursor)' is not one this store handed out")
            }
            conditions.append("(created_at < ? OR (created_at = ? AND id < ?))")
            values += [position.createdAt, position.createdAt, position.id]
        }
        let whereClause = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
        let sql = """
            SELECT \(SQLiteJobColumns.selection) FROM jobs \(whereClause)
            ORDER BY created_at DESC, id DESC LIMIT \(filter.limit + 1)
            """
        let finalArguments = StatementArguments(values)
        let limit = filter.limit
        return try await read("list jobs") { db in
            var jobs = try Row.fetchAll(db, sql: sql, arguments: finalArguments).map(SQLiteJobColumns.job)
            var next: String?
            if jobs.count > limit {
                jobs.removeLast()
                if let last = jobs.last {
                    next = ListingCursor(createdAt: SQLiteTimestamp.microseconds(last.createdAt), id: last.id.description).text
                }
            }
            return JobPage(jobs: jobs, nextCursor: next)
        }
    }

    public func countsByState(tenant: String?) async throws -> [JobState: Int] {
        try await read("count jobs") { db in
            let rows: [Row]
            if let tenant {
                rows = try Row.fetchAll(db, sql: "SELECT state, count(*) FROM jobs WHERE tenant = ? GROUP BY state", arguments: [tenant])
            } else {
                rows = try Row.fetchAll(db, sql: "SELECT state, count(*) FROM jobs GROUP BY state")
            }
            var counts: [JobState: Int] = [:]
            for row in rows {
                if let state = JobState(rawValue: row[0]) { counts[state] = row[1] }
            }
            return counts
        }
    }
}

/// Where a listing page ended: the last job's creation time and id, as `<microseconds>.<id>`.
private struct ListingCursor {
    var createdAt: Int64
    var id: String

    init(createdAt: Int64, id: String) {
        self.createdAt = createdAt
        self.id = id
    }

    init?(_ text: String) {
        let parts = text.split(separator: ".", maxSplits: 1)
        guard parts.count == 2, let createdAt = Int64(parts[0]), JobID(String(parts[1])) != nil else { return nil }
        self.createdAt = createdAt
        self.id = String(parts[1])
    }

    var text: String { "\(createdAt).\(id)" }
}

extension SQLiteJobStore {
    public func blobReferences() async throws -> JobBlobReferences {
        try await read("read the jobs' blobs") { db in
            var references = JobBlobReferences()
            let rows = try Row.fetchCursor(db, sql: "SELECT id, state, inputs, outputs FROM jobs WHERE inputs != '{}' OR outputs != '{}'")
            while let row = try rows.next() {
                let (id, state): (String, JobState?) = (row[0], JobState(rawValue: row[1]))
                let inputs = try SQLiteJobColumns.decodeBlobs(row[2], job: id)
                let outputs = try SQLiteJobColumns.decodeBlobs(row[3], job: id)
                references.add(inputs: inputs.values, outputs: outputs.values, finished: state?.isFinished ?? false)
            }
            return references
        }
    }
}

extension SQLiteJobStore {
    public func job(idempotencyKey: String, tenant: String) async throws -> Job? {
        try readHere("read the job of idempotency key \(idempotencyKey)") { db in
            try Row.fetchOne(
                db,
                sql: """
                    SELECT \(SQLiteJobColumns.selection) FROM jobs
                    WHERE tenant = ? AND idempotency_key = ? AND state NOT IN ('cancelled', 'discarded')
                    """, arguments: [tenant, idempotencyKey]
            ).map(SQLiteJobColumns.job(from:))
        }
    }
}
