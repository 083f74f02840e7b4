import Foundation
import PostgresNIO

/// The keys' sealed webhook signing secrets in `glint_server_webhook_secrets`.
extension PostgresServerStore {
    public func saveWebhookSecret(_ secret: WebhookSecretRecord) async throws {
        try await client.query(
            """
            INSERT INTO glint_server_webhook_secrets (key_id, sealed, previous_sealed, previous_until)
            VALUES (\(secret.key), \(secret.sealed), \(secret.previousSealed), \(secret.previousValidUntil))
            ON CONFLICT (key_id) DO UPDATE SET sealed = excluded.sealed, previous_sealed = excluded.previous_sealed,
                previous_until = excluded.previous_until
            """, logger: logger)
    }

    public func webhookSecret(key: String) async throws -> WebhookSecretRecord? {
        let rows = try await client.query(
            "SELECT sealed, previous_sealed, previous_until FROM glint_server_webhook_secrets WHERE key_id = \(key)", logger: logger)
        for try await (sealed, previous, until) in rows.decode((String, String?, Date?).self) {
            return WebhookSecretRecord(key: key, sealed: sealed, previousSealed: previous, previousValidUntil: until)
        }
        return nil
    }
}
