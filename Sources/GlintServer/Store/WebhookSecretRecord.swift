import Foundation

/// An API key's webhook signing secrets as the server store keeps them: sealed with
/// ``WebhookSecretVault`` (AES-GCM under a key derived from the server secret), never plain.
public struct WebhookSecretRecord: Hashable, Sendable {
    /// The API key's id.
    public var key: String
    /// The current secret, sealed.
    public var sealed: String
    /// The secret it replaced, sealed, still signing until ``previousValidUntil``.
    public var previousSealed: String?
    /// When the previous secret stops signing.
    public var previousValidUntil: Date?

    public init(key: String, sealed: String, previousSealed: String? = nil, previousValidUntil: Date? = nil) {
        self.key = key
        self.sealed = sealed
        self.previousSealed = previousSealed
        self.previousValidUntil = previousValidUntil
    }
}
