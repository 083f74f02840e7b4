/// The order a claim takes waiting jobs in, fair between tenants: every tenant's first job, then
/// every tenant's second, and so on. Tenants go in turn: the one served longest ago first (never
/// served before all), then the one whose oldest waiting job is oldest. A tenant with one job
/// among another's ten thousand is therefore in every claim of at least two jobs, and claims of
/// one job at a time alternate between the two.
///
/// Pure and store-independent: a store hands it each tenant's candidates, already in that
/// tenant's own order (priority descending, then scheduled time, then id).
struct TenantRoundRobin<Candidate> {
    struct Tenant {
        var name: String
        /// The claim turn in which the tenant last got jobs; -1 when never.
        var lastTurn: Int64
        /// The tenant's oldest waiting job's scheduled time (microseconds): orders tenants last served
        /// in the same turn.
        var oldest: Int64
        var candidates: [Candidate]
    }

    var tenants: [Tenant]

    /// Up to `limit` candidates: round r takes the r-th candidate of every tenant that has one.
    func interleave(limit: Int) -> [Candidate] {
        interleaveByTenant(limit: limit).map(\.candidate)
    }

    /// The same, with each candidate's tenant.
    func interleaveByTenant(limit: Int) -> [(tenant: String, candidate: Candidate)] {
        let ordered = tenants.sorted { ($0.lastTurn, $0.oldest, $0.name) < ($1.lastTurn, $1.oldest, $1.name) }
        var taken: [(tenant: String, candidate: Candidate)] = []
        taken.reserveCapacity(limit)
        var round = 0
        while taken.count < limit {
            var tookAny = false
            for tenant in ordered where round < tenant.candidates.count {
                taken.append((tenant.name, tenant.candidates[round]))
                tookAny = true
                if taken.count == limit { break }
            }
            if !tookAny { break }
            round += 1
        }
        return taken
    }
}
