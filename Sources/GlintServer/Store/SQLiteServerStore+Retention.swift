import Foundation
import GRDB
import GlintQueue

/// What ``BlobRetention`` asks of `server.sqlite`: when each claim on a blob was last used, and
/// taking away those unused for longer than their tenant keeps them.
extension SQLiteServerStore {
    public func useBlobs(_ blobs: Set<BlobID>, tenant: String, at date: Date) async throws -> Set<BlobID> {
        if blobs.isEmpty { return [] }
        return try await database.write { db in
            var owned: Set<BlobID> = []
            let use = try db.cachedStatement(
                sql: "UPDATE blob_owners SET last_used_at = max(last_used_at, ?) WHERE tenant = ? AND blob = ? RETURNING blob")
            for blob in blobs where try Row.fetchOne(use, arguments: [SQLiteTimestamp.microseconds(date), tenant, blob.hex]) != nil {
                owned.insert(blob)
            }
            return owned
        }
    }

    public func blobTenants() async throws -> [String] {
        try await database.read { db in try String.fetchAll(db, sql: "SELECT DISTINCT tenant FROM blob_owners ORDER BY tenant") }
    }

    public func blobs(tenant: String, unusedSince date: Date, limit: Int) async throws -> [BlobOwnership] {
        try await database.read { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM blob_owners WHERE tenant = ? AND last_used_at < ? ORDER BY last_used_at, blob LIMIT ?",
                arguments: [tenant, SQLiteTimestamp.microseconds(date), limit]
            ).map(Self.ownership)
        }
    }

    public func removeBlob(_ blob: BlobID, tenant: String, unusedSince date: Date) async throws -> Bool {
        try await database.write { db in
            try db.execute(
                sql: "DELETE FROM blob_owners WHERE tenant = ? AND blob = ? AND last_used_at < ?",
                arguments: [tenant, blob.hex, SQLiteTimestamp.microseconds(date)])
            return db.changesCount > 0
        }
    }

    public func ownedBlobs() async throws -> Set<BlobID> {
        try await database.read { db in
            Set(try String.fetchAll(db, sql: "SELECT DISTINCT blob FROM blob_owners").compactMap(BlobID.init))
        }
    }

    public func liveShares(tenant: String, at date: Date) async throws -> [ShareRecord] {
        try await database.read { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM shares WHERE tenant = ? AND revoked_at IS NULL AND expires_at > ?",
                arguments: [tenant, SQLiteTimestamp.microseconds(date)]
            ).map(Self.share)
        }
    }

    static func ownership(_ row: Row) -> BlobOwnership {
        BlobOwnership(
            tenant: row["tenant"], blob: BlobID(row["blob"] as String)!, size: row["size"],
            createdAt: SQLiteTimestamp.date(row["created_at"] as Int64), lastUsedAt: SQLiteTimestamp.date(row["last_used_at"] as Int64) as Date)
    }
}
