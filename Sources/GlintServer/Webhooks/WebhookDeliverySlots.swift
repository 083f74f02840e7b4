import GlintQueue

/// How many webhook attempts run at once, per tenant and in all, so that a receiver that never
/// answers holds only its own tenant's share of the deliverer (each attempt still ends at the
/// deliverer's attempt timeout).
actor WebhookDeliverySlots {
    /// The most attempts one tenant has in flight.
    let perTenant: Int
    /// The most attempts in flight in all.
    let total: Int
    private var tenants: [String: Int] = [:]
    private var jobs: Set<JobID> = []

    init(perTenant: Int, total: Int) {
        self.perTenant = perTenant
        self.total = total
    }

    /// Takes a slot for the job's attempt; false when the tenant or the deliverer is full, or the
    /// job's attempt is already in flight.
    func acquire(job: JobID, tenant: String) -> Bool {
        guard jobs.count < total, tenants[tenant, default: 0] < perTenant, !jobs.contains(job) else { return false }
        jobs.insert(job)
        tenants[tenant, default: 0] += 1
        return true
    }

    /// Gives back the job's slot.
    func release(job: JobID, tenant: String) {
        guard jobs.remove(job) != nil else { return }
        tenants[tenant, default: 1] -= 1
        if tenants[tenant] == 0 { tenants[tenant] = nil }
    }
}
