import Foundation
import GlintQueue

/// The quota checks a request makes before it adds jobs or bytes for its tenant (``KeyLimits``):
/// over a limit, a 429 `quota-exceeded` problem that names it, with `Retry-After`.
///
/// The limits are checked, not reserved: requests racing one another may each pass a check that
/// only one of them would have passed alone, so a tenant can go over a limit by as many requests as
/// it has in flight at once.
struct TenantQuotas: Sendable {
    let server: ServerContext

    /// When to try again after `max-queued`: queued jobs drain as workers take them.
    static let queuedRetrySeconds = 10
    /// When to try again after `max-storage-bytes`: stored bytes go only as retention removes them.
    static let storageRetrySeconds = 3600

    /// Refuses `count` more queued jobs when the tenant would then have more than `limits.maxQueued`.
    func checkQueued(tenant: String, adding count: Int, limits: KeyLimits) async throws {
        guard let limit = limits.maxQueued else { return }
        let counts = try await server.jobs.countsByState(tenant: tenant)
        let queued = [JobState.scheduled, .available, .retryable].reduce(0) { $0 + (counts[$1] ?? 0) }
        guard queued + count > limit else { return }
        throw Problem(
            .quotaExceeded,
            detail: "tenant \(tenant) has \(queued) jobs queued and asked for \(count) more: the key's limit is \(limit) (max-queued)",
            headers: [.retryAfter: String(Self.queuedRetrySeconds)], limit: KeyLimits.Name.maxQueued.rawValue)
    }

    /// Refuses to store `bytes` more for the tenant when it would then store more than
    /// `limits.maxStorageBytes`; with 0 (a job, whose outputs will be stored), once it is at the limit.
    func checkStorage(tenant: String, adding bytes: Int64, limits: KeyLimits) async throws {
        guard let room = try await storageRoom(tenant: tenant, limits: limits), bytes > 0 ? bytes > room : room <= 0 else { return }
        throw storageExceeded(tenant: tenant, room: room, adding: bytes, limits: limits)
    }

    /// The bytes the tenant may still store under `limits.maxStorageBytes` (0 or less: none); nil
    /// without a limit.
    func storageRoom(tenant: String, limits: KeyLimits) async throws -> Int64? {
        guard let limit = limits.maxStorageBytes else { return nil }
        return limit - (try await server.store.storedBytes(tenant: tenant))
    }

    /// The `quota-exceeded` problem of a tenant with `room` bytes left that asked to store `bytes`.
    func storageExceeded(tenant: String, room: Int64, adding bytes: Int64, limits: KeyLimits) -> Problem {
        let limit = limits.maxStorageBytes ?? 0
        let asked = bytes > 0 ? " and sent \(bytes) more" : ""
        return Problem(
            .quotaExceeded, detail: "tenant \(tenant) stores \(limit - room) bytes\(asked): the key's limit is \(limit) (max-storage-bytes)",
            headers: [.retryAfter: String(Self.storageRetrySeconds)], limit: KeyLimits.Name.maxStorageBytes.rawValue)
    }
}
