import Foundation
import GRDB

extension SQLiteJobStore {
    public func claim(_ request: ClaimRequest) async throws -> [Job] {
        guard request.limit > 0, !request.queues.isEmpty else { return [] }
        let now = now()
        let leaseEnd = now + Self.microseconds(request.lease)
        let queues = Array(Set(request.queues)).sorted()
        return try await write("claim") { db in
            let order = try Self.claimOrder(db, queues: queues, limit: request.limit, now: now)
            if order.isEmpty { return [] }
            // A JSON array for json_each; ids are UUID text, nothing to escape.
            let ids = "[" + order.map { "\"\($0)\"" }.joined(separator: ",") + "]"
            let rows = try Row.fetchAll(db.cachedStatement(sql: Self.claimSQL), arguments: [now, request.worker, leaseEnd, ids])
            // RETURNING gives no order: put the jobs back in claim order.
            let position = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
            var jobs = [Job?](repeating: nil, count: order.count)
            for row in rows {
                let id: String = row[0]
                if let index = position[id] { jobs[index] = try SQLiteJobColumns.job(from: row) }
            }
            return jobs.compactMap { $0 }
        }
    }

    /// Marks the chosen jobs running, in the same transaction that chose them.
    private static let claimSQL = """
        UPDATE jobs SET state = 'running', attempt = attempt + 1, attempted_at = ?1, worker_id = ?2,
            lease_expires_at = ?3
        WHERE id IN (SELECT value FROM json_each(?4))
        RETURNING \(SQLiteJobColumns.selection)
        """

    /// The tenants with queued jobs in a queue and each one's oldest: a skip-scan over `jobs_claim`
    /// (one index seek per tenant, however many jobs each has).
    private static let tenantsSQL = """
        WITH RECURSIVE tenants(name) AS (
            SELECT (SELECT min(tenant) FROM jobs WHERE \(SQLiteSchema.queuedStates) AND queue = ?1)
            UNION ALL
            SELECT (SELECT min(tenant) FROM jobs WHERE \(SQLiteSchema.queuedStates) AND queue = ?1 AND tenant > tenants.name)
            FROM tenants WHERE tenants.name IS NOT NULL
        )
        SELECT name, (SELECT min(scheduled_at) FROM jobs
                      WHERE \(SQLiteSchema.queuedStates) AND queue = ?1 AND tenant = tenants.name)
        FROM tenants WHERE name IS NOT NULL
        """

    /// One tenant's claimable jobs in one queue, in its own order. `INDEXED BY` keeps the planner
    /// (which has no statistics) from choosing `jobs_tenant_oldest` and sorting the whole backlog.
    private static let candidatesSQL = """
        SELECT id, priority, scheduled_at FROM jobs INDEXED BY jobs_claim
        WHERE \(SQLiteSchema.queuedStates) AND queue = ? AND tenant = ? AND scheduled_at <= ?
        ORDER BY priority DESC, scheduled_at, id
        LIMIT ? OFFSET ?
        """

    private struct Candidate {
        var id: String
        var priority: Int
        var scheduledAt: Int64

        static func inClaimOrder(_ a: Candidate, _ b: Candidate) -> Bool {
            (-a.priority, a.scheduledAt, a.id) < (-b.priority, b.scheduledAt, b.id)
        }
    }

    /// The ids to claim, in claim order (`TenantRoundRobin` over each tenant's best candidates),
    /// and the tenants served recorded in `tenant_turns`. Reads at most about `limit` candidates
    /// per tenant that can get one, and only those tenants.
    private static func claimOrder(_ db: Database, queues: [String], limit: Int, now: Int64) throws -> [String] {
        var oldest: [String: Int64] = [:]
        var queuesOfTenant: [String: [String]] = [:]
        for queue in queues {
            for row in try Row.fetchAll(db.cachedStatement(sql: tenantsSQL), arguments: [queue]) {
                let tenant: String = row[0]
                let first: Int64 = row[1]
                guard first <= now else { continue }
                oldest[tenant] = min(oldest[tenant] ?? first, first)
                queuesOfTenant[tenant, default: []].append(queue)
            }
        }
        if oldest.isEmpty { return [] }
        var lastTurn: [String: Int64] = [:]
        var turn: Int64 = 0
        for row in try Row.fetchAll(db.cachedStatement(sql: "SELECT tenant, last_turn FROM tenant_turns")) {
            let value: Int64 = row[1]
            lastTurn[row[0]] = value
            turn = max(turn, value)
        }
        turn += 1
        // Each tenant gets one job per round, so only the first `limit` tenants in turn can get any.
        let waiting = oldest.map { TenantRoundRobin<Candidate>.Tenant(name: $0.key, lastTurn: lastTurn[$0.key] ?? -1, oldest: $0.value, candidates: []) }
        let tenants = Array(waiting.sorted { ($0.lastTurn, $0.oldest, $0.name) < ($1.lastTurn, $1.oldest, $1.name) }.prefix(limit))
        let quota = (limit + tenants.count - 1) / tenants.count

        var candidates: [String: [Candidate]] = [:]
        var mayHaveMore: Set<String> = []
        func fetch(_ tenant: String, offset: Int, count: Int) throws {
            for queue in queuesOfTenant[tenant, default: []] {
                let rows = try Row.fetchAll(db.cachedStatement(sql: candidatesSQL), arguments: [queue, tenant, now, count, offset])
                if rows.count == count { mayHaveMore.insert(tenant) }
                candidates[tenant, default: []] += rows.map { Candidate(id: $0[0], priority: $0[1], scheduledAt: $0[2]) }
            }
        }
        for tenant in tenants { try fetch(tenant.name, offset: 0, count: quota) }
        // Tenants with fewer jobs than their share leave room for the others' next ones.
        if candidates.values.reduce(0, { $0 + $1.count }) < limit {
            let more = mayHaveMore
            for tenant in tenants where more.contains(tenant.name) { try fetch(tenant.name, offset: quota, count: limit) }
        }
        let roundRobin = TenantRoundRobin(
            tenants: tenants.map { tenant in
                var tenant = tenant
                tenant.candidates = candidates[tenant.name, default: []]
                if (queuesOfTenant[tenant.name]?.count ?? 0) > 1 { tenant.candidates.sort(by: Candidate.inClaimOrder) }
                return tenant
            })
        let chosen = roundRobin.interleaveByTenant(limit: limit)
        let served = Set(chosen.map(\.tenant))
        let record = try db.cachedStatement(
            sql: """
                INSERT INTO tenant_turns (tenant, last_turn) VALUES (?, ?)
                ON CONFLICT (tenant) DO UPDATE SET last_turn = excluded.last_turn
                """)
        for tenant in served { try record.execute(arguments: [tenant, turn]) }
        return chosen.map(\.candidate.id)
    }

    static func microseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000_000 + attoseconds / 1_000_000_000_000
    }
}
