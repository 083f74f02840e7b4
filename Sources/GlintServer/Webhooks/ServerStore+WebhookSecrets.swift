import Foundation

extension ServerStore {
    /// Gives the key a new webhook secret; the one it had keeps signing for
    /// ``WebhookSecretVault/rotationGracePeriod``. Returns the new secret, to be shown once (it is
    /// kept only sealed). `now` is the rotation's time (the grace period counts from it).
    public func rotateWebhookSecret(key: String, vault: WebhookSecretVault, now: Date) async throws -> WebhookSecret {
        let (secret, record) = try vault.rotate(keyID: key, current: try await webhookSecret(key: key), now: now)
        try await saveWebhookSecret(record)
        return secret
    }

    /// The secrets that sign the key's webhooks at `now` (the current one, and the previous one in
    /// its grace period); empty when the key has none.
    public func signingSecrets(key: String, vault: WebhookSecretVault, at now: Date) async throws -> [WebhookSecret] {
        guard let record = try await webhookSecret(key: key) else { return [] }
        return try vault.signingSecrets(record, at: now)
    }
}
