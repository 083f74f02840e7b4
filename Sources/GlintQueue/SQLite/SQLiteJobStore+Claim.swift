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
        SELECT id, priority, scheduled_at, max_running FROM jobs INDEXED BY jobs_claim
        WHERE \(SQLiteSchema.queuedStates) AND queue = ? AND tenant = ? AND scheduled_at <= ?
        ORDER BY priority DESC, scheduled_at, id
        LIMIT ? OFFSET ?
        """

    /// Running jobs per tenant, through the partial index `jobs_running`.
    private static let runningSQL = "SELECT tenant, count(*) FROM jobs WHERE state = 'running' GROUP BY tenant"

    private struct Candidate {
        var id: String
        var priority: Int
        var scheduledAt: Int64
        /// The job's running limit (`max_running`): it starts only while fewer of its tenant's jobs run.
        var maxRunning: Int?

        init(_ row: Row) {
            (id, priority, scheduledAt, maxRunning) = (row[0], row[1], row[2], row[3])
        }

        static func inClaimOrder(_ a: Candidate, _ b: Candidate) -> Bool {
            (-a.priority, a.scheduledAt, a.id) < (-b.priority, b.scheduledAt, b.id)
        }

        /// Those of `candidates` (in claim order) that may start while `running` of the tenant's
        /// jobs run: each one while fewer than its `maxRunning` would run with it.
        static func withinRunningLimits(_ candidates: [Candidate], running: Int) -> [Candidate] {
            var started = running
            return candidates.filter { candidate in
                guard started < (candidate.maxRunning ?? .max) else { return false }
                started += 1
                return true
            }
        }
    }

    /// The ids to claim, in claim order (`TenantRoundRobin` over each tenant's best candidates),
    /// and the tenants served recorded in `tenant_turns`. Reads at most about `limit` candidates
    /// per tenant that can get one, and only those tenants. A tenant whose next job is held back
    /// by its running limit (``Job/maxRunning``) does not take a tenant's place in the claim.
    private static func claimOrder(_ db: Database, queues: [String], limit: Int, now: Int64) throws -> [String] {
        let (oldest, queuesOfTenant) = try waitingTenants(db, queues: queues, now: now)
        if oldest.isEmpty { return [] }
        var running: [String: Int] = [:]
        for row in try Row.fetchAll(db.cachedStatement(sql: runningSQL)) where oldest[row[0]] != nil { running[row[0]] = row[1] }
        func candidates(of tenant: String, offset: Int, count: Int) throws -> (candidates: [Candidate], mayHaveMore: Bool) {
            var found: [Candidate] = []
            var mayHaveMore = false
            for queue in queuesOfTenant[tenant, default: []] {
                let rows = try Row.fetchAll(db.cachedStatement(sql: candidatesSQL), arguments: [queue, tenant, now, count, offset])
                mayHaveMore = mayHaveMore || rows.count == count
                found += rows.map(Candidate.init)
            }
            return (found, mayHaveMore)
        }
        var lastTurn: [String: Int64] = [:]
        var turn: Int64 = 0
        for row in try Row.fetchAll(db.cachedStatement(sql: "SELECT tenant, last_turn FROM tenant_turns")) {
            let value: Int64 = row[1]
            lastTurn[row[0]] = value
            turn = max(turn, value)
        }
        turn += 1
        // Each tenant gets one job per round, so only the first `limit` tenants in turn can get any.
        let waiting = try oldest.filter { tenant, _ in
            guard let count = running[tenant] else { return true }
            return !Candidate.withinRunningLimits(try candidates(of: tenant, offset: 0, count: 1).candidates, running: count).isEmpty
        }.map { TenantRoundRobin<Candidate>.Tenant(name: $0.key, lastTurn: lastTurn[$0.key] ?? -1, oldest: $0.value, candidates: []) }
        if waiting.isEmpty { return [] }
        var tenants = Array(waiting.sorted { ($0.lastTurn, $0.oldest, $0.name) < ($1.lastTurn, $1.oldest, $1.name) }.prefix(limit))
        let quota = (limit + tenants.count - 1) / tenants.count
        var mayHaveMore: Set<String> = []
        for index in tenants.indices {
            let (found, more) = try candidates(of: tenants[index].name, offset: 0, count: quota)
            tenants[index].candidates = found
            if more { mayHaveMore.insert(tenants[index].name) }
        }
        // Tenants with fewer jobs than their share leave room for the others' next ones.
        if tenants.reduce(0, { $0 + $1.candidates.count }) < limit {
            for index in tenants.indices where mayHaveMore.contains(tenants[index].name) {
                tenants[index].candidates += try candidates(of: tenants[index].name, offset: quota, count: limit).candidates
            }
        }
        for index in tenants.indices {
            let name = tenants[index].name
            if (queuesOfTenant[name]?.count ?? 0) > 1 { tenants[index].candidates.sort(by: Candidate.inClaimOrder) }
            tenants[index].candidates = Candidate.withinRunningLimits(tenants[index].candidates, running: running[name] ?? 0)
        }
        let chosen = TenantRoundRobin(tenants: tenants).interleaveByTenant(limit: limit)
        try recordTurn(turn, of: Set(chosen.map(\.tenant)), db)
        return chosen.map(\.candidate.id)
    }

    /// The tenants with due jobs in `queues`: each one's oldest due job's time and its queues.
    private static func waitingTenants(
        _ db: Database, queues: [String], now: Int64
    ) throws -> (oldest: [String: Int64], queues: [String: [String]]) {
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
        return (oldest, queuesOfTenant)
    }

    /// Records that `tenants` were served in claim turn `turn`.
    private static func recordTurn(_ turn: Int64, of tenants: Set<String>, _ db: Database) throws {
        let record = try db.cachedStatement(
            sql: """
                INSERT INTO tenant_turns (tenant, last_turn) VALUES (?, ?)
                ON CONFLICT (tenant) DO UPDATE SET last_turn = excluded.last_turn
                """)
        for tenant in tenants { try record.execute(arguments: [tenant, turn]) }
    }

    static func microseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000_000 + attoseconds / 1_000_000_000_000
    }
}
