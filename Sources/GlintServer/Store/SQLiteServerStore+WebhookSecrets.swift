import Foundation
import GRDB
import GlintQueue

/// The keys' sealed webhook signing secrets in `server.sqlite` (table `webhook_secrets`).
extension SQLiteServerStore {
    public func saveWebhookSecret(_ secret: WebhookSecretRecord) async throws {
        try await database.write { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO webhook_secrets (key_id, sealed, previous_sealed, previous_until) VALUES (?, ?, ?, ?)",
                arguments: [secret.key, secret.sealed, secret.previousSealed, secret.previousValidUntil.map(SQLiteTimestamp.microseconds)])
        }
    }

    public func webhookSecret(key: String) async throws -> WebhookSecretRecord? {
        try await database.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM webhook_secrets WHERE key_id = ?", arguments: [key]).map { row in
                WebhookSecretRecord(
                    key: row["key_id"], sealed: row["sealed"], previousSealed: row["previous_sealed"],
                    previousValidUntil: SQLiteTimestamp.date(row["previous_until"] as Int64?))
            }
        }
    }
}
