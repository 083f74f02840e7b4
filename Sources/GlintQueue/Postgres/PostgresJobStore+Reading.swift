import Foundation
import PostgresNIO

/// Reading jobs: one by id, pages of a listing, counts by state.
extension PostgresJobStore {
    public func job(_ id: JobID, tenant: String?) async throws -> Job? {
        let query: PostgresQuery = """
            SELECT \(unescaped: PostgresJobColumns.list) FROM glint_jobs
            WHERE id = \(id.uuid) AND (\(tenant)::text IS NULL OR tenant = \(tenant))
            """
        return try await perform("read job \(id)") {
            try await PostgresJobColumns.decodeAll(client.query(query, logger: logger)).first
        }
    }

    public func jobs(matching filter: JobFilter) async throws -> JobPage {
        var after: PostgresListingCursor?
        if let cursor = filter.cursor {
            guard let position = PostgresListingCursor(cursor) else {
                throw JobQueueError(.invalidSubmission, "listing cursor '\(cursor)' is not one this store returned")
            }
            after = position
        }
        let states = filter.states.map(\.rawValue).sorted()
        let kinds = filter.kinds.map(\.rawValue).sorted()
        let query: PostgresQuery = """
            SELECT \(unescaped: PostgresJobColumns.list) FROM glint_jobs
            WHERE (\(filter.tenant)::text IS NULL OR tenant = \(filter.tenant))
              AND (cardinality(\(states)::text[]) = 0 OR state = ANY(\(states)::text[]))
              AND (cardinality(\(kinds)::text[]) = 0 OR kind = ANY(\(kinds)::text[]))
              AND (\(filter.queue)::text IS NULL OR queue = \(filter.queue))
              AND (\(filter.batch)::text IS NULL OR batch = \(filter.batch))
              AND (\(after?.id)::uuid IS NULL OR id < \(after?.id))
            ORDER BY id DESC
            LIMIT \(filter.limit + 1)
            """
        let jobs = try await perform("list jobs") {
            try await PostgresJobColumns.decodeAll(client.query(query, logger: logger))
        }
        guard jobs.count > filter.limit else { return JobPage(jobs: jobs, nextCursor: nil) }
        let page = Array(jobs.prefix(filter.limit))
        let last = page[page.count - 1]
        return JobPage(jobs: page, nextCursor: PostgresListingCursor(id: last.id.uuid).description)
    }

    public func countsByState(tenant: String?) async throws -> [JobState: Int] {
        let query: PostgresQuery = """
            SELECT state, count(*) FROM glint_jobs WHERE (\(tenant)::text IS NULL OR tenant = \(tenant)) GROUP BY state
            """
        return try await perform("count jobs by state") {
            var counts: [JobState: Int] = [:]
            for try await (state, count) in try await client.query(query, logger: logger).decode((String, Int64).self) {
                if let state = JobState(rawValue: state) { counts[state] = Int(count) }
            }
            return counts
        }
    }
}

/// Where a listing page ended: the last job's id (ids are time-ordered), as `id.<uuid>`.
struct PostgresListingCursor: CustomStringConvertible {
    var id: UUID

    init(id: UUID) { self.id = id }

    init?(_ text: String) {
        guard text.hasPrefix("id."), let id = UUID(uuidString: String(text.dropFirst(3))) else { return nil }
        self.id = id
    }

    var description: String { "id.\(id.uuidString.lowercased())" }
}

extension AsyncSequence {
    /// Every element, in order.
    func collected() async throws -> [Element] {
        var elements: [Element] = []
        for try await element in self { elements.append(element) }
        return elements
    }
}

extension PostgresJobStore {
    public func blobReferences() async throws -> JobBlobReferences {
        let query: PostgresQuery = """
            SELECT id, state, inputs::text, outputs::text FROM glint_jobs WHERE inputs <> '{}'::jsonb OR outputs <> '{}'::jsonb
            """
        return try await perform("read the jobs' blobs") {
            var references = JobBlobReferences()
            for try await (uuid, state, inputs, outputs) in try await client.query(query, logger: logger).decode((UUID, String, String, String).self) {
                let id = JobID(uuid)
                references.add(
                    inputs: try PostgresJSON.decode([String: BlobID].self, from: inputs, job: id).values,
                    outputs: try PostgresJSON.decode([String: BlobID].self, from: outputs, job: id).values,
                    finished: JobState(rawValue: state)?.isFinished ?? false)
            }
            return references
        }
    }
}

extension PostgresJobStore {
    public func job(idempotencyKey: String, tenant: String) async throws -> Job? {
        let query: PostgresQuery = """
            SELECT \(unescaped: PostgresJobColumns.list) FROM glint_jobs
            WHERE tenant = \(tenant) AND idempotency_key = \(idempotencyKey) AND state NOT IN ('cancelled', 'discarded')
            """
        return try await perform("read the job of idempotency key \(idempotencyKey)") {
            try await PostgresJobColumns.decodeAll(client.query(query, logger: logger)).first
        }
    }
}
