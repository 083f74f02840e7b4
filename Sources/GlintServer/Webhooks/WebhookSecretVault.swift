@preconcurrency import Crypto
import Foundation

/// Seals and opens the keys' webhook secrets for the server store: AES-256-GCM under a key derived
/// (HKDF-SHA256) from the server secret, the API key's id bound in as authenticated data so that
/// a sealed secret copied to another key's row does not open. Whoever has the store but not the
/// server secret learns no secret.
public struct WebhookSecretVault: Sendable {
    /// How long a rotated-out secret keeps signing (both signatures are sent meanwhile).
    public static let rotationGracePeriod: TimeInterval = 24 * 3600
    private let key: SymmetricKey

    /// The vault of the server whose secret is `serverSecret`.
    public init(serverSecret: SymmetricKey) {
        key = serverSecret.derivedKey(purpose: "glint-webhook-secrets-v1")
    }

    /// `secret` sealed for the key `keyID`, as base64 text.
    public func seal(_ secret: WebhookSecret, keyID: String) throws -> String {
        try AES.GCM.seal(Data(secret.bytes), using: key, authenticating: Data(keyID.utf8)).combined!.base64EncodedString()
    }

    /// The secret sealed for `keyID`.
    /// - Throws: ``WebhookSecretVaultError`` when it does not open (another server secret, another key's row, damaged).
    public func open(_ sealed: String, keyID: String) throws -> WebhookSecret {
        guard let data = Data(base64Encoded: sealed), let box = try? AES.GCM.SealedBox(combined: data),
            let plain = try? AES.GCM.open(box, using: key, authenticating: Data(keyID.utf8)), let secret = WebhookSecret(bytes: Array(plain))
        else { throw WebhookSecretVaultError(keyID: keyID) }
        return secret
    }

    /// A new secret for `keyID`, the one it had kept for ``rotationGracePeriod``. Returns the
    /// secret (to show once) and the record to store.
    public func rotate(keyID: String, current: WebhookSecretRecord?, now: Date) throws -> (WebhookSecret, WebhookSecretRecord) {
        let secret = WebhookSecret.generate()
        let record = WebhookSecretRecord(
            key: keyID, sealed: try seal(secret, keyID: keyID), previousSealed: current?.sealed,
            previousValidUntil: current == nil ? nil : now.addingTimeInterval(Self.rotationGracePeriod))
        return (secret, record)
    }

    /// The secrets that sign now: the current one, and the previous one while its grace period runs.
    public func signingSecrets(_ record: WebhookSecretRecord, at now: Date) throws -> [WebhookSecret] {
        var secrets = [try open(record.sealed, keyID: record.key)]
        if let previous = record.previousSealed, let until = record.previousValidUntil, now < until {
            secrets.append(try open(previous, keyID: record.key))
        }
        return secrets
    }
}

/// A sealed webhook secret that does not open with this server's secret.
public struct WebhookSecretVaultError: Error, CustomStringConvertible {
    public var keyID: String
    public var description: String {
        "the webhook secret of key \(keyID) does not open with this server secret (was server-secret replaced?): rotate it with glint keys update \(keyID) --rotate-webhook-secret"
    }
}
