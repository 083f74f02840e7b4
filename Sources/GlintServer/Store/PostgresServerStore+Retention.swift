import Foundation
import GlintQueue
import PostgresNIO

/// What ``BlobRetention`` asks of the `glint_server_` tables: when each claim on a blob was last
/// used, and taking away those unused for longer than their tenant keeps them.
extension PostgresServerStore {
    public func useBlobs(_ blobs: Set<BlobID>, tenant: String, at date: Date) async throws -> Set<BlobID> {
        if blobs.isEmpty { return [] }
        let rows = try await client.query(
            """
            UPDATE glint_server_blob_owners SET last_used_at = greatest(last_used_at, \(date))
            WHERE tenant = \(tenant) AND blob = ANY(\(blobs.map(\.hex))::text[])
            RETURNING blob
            """, logger: logger)
        var owned: Set<BlobID> = []
        for try await hex in rows.decode(String.self) { BlobID(hex).map { owned.insert($0) } }
        return owned
    }

    public func blobTenants() async throws -> [String] {
        var tenants: [String] = []
        for try await tenant in try await client.query("SELECT DISTINCT tenant FROM glint_server_blob_owners ORDER BY tenant", logger: logger)
            .decode(String.self)
        {
            tenants.append(tenant)
        }
        return tenants
    }

    public func blobs(tenant: String, unusedSince date: Date, limit: Int) async throws -> [BlobOwnership] {
        let rows = try await client.query(
            """
            SELECT blob, size, created_at, last_used_at FROM glint_server_blob_owners
            WHERE tenant = \(tenant) AND last_used_at < \(date) ORDER BY last_used_at, blob LIMIT \(Int64(limit))
            """, logger: logger)
        var found: [BlobOwnership] = []
        for try await (hex, size, created, used) in rows.decode((String, Int64, Date, Date).self) {
            guard let blob = BlobID(hex) else { continue }
            found.append(BlobOwnership(tenant: tenant, blob: blob, size: size, createdAt: created, lastUsedAt: used))
        }
        return found
    }

    public func removeBlob(_ blob: BlobID, tenant: String, unusedSince date: Date) async throws -> Bool {
        let rows = try await client.query(
            """
            DELETE FROM glint_server_blob_owners WHERE tenant = \(tenant) AND blob = \(blob.hex) AND last_used_at < \(date)
            RETURNING blob
            """, logger: logger)
        for try await _ in rows { return true }
        return false
    }

    public func ownedBlobs() async throws -> Set<BlobID> {
        var owned: Set<BlobID> = []
        for try await hex in try await client.query("SELECT DISTINCT blob FROM glint_server_blob_owners", logger: logger).decode(String.self) {
            BlobID(hex).map { owned.insert($0) }
        }
        return owned
    }

    public func liveShares(tenant: String, at date: Date) async throws -> [ShareRecord] {
        try await shares(
            client.query(
                """
                SELECT id, tenant, job, created_at, expires_at, revoked_at, keep_location FROM glint_server_shares
                WHERE tenant = \(tenant) AND revoked_at IS NULL AND expires_at > \(date)
                """, logger: logger))
    }
}
