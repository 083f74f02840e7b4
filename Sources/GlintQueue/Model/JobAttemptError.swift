import Foundation

/// The error one attempt ended with. A job keeps every attempt's error, so a discarded job shows
/// its whole history.
public struct JobAttemptError: Hashable, Sendable, Codable {
    /// The attempt that failed (1 for the first).
    public var attempt: Int
    /// When it failed (the store's clock).
    public var at: Date
    /// A short stable code: `handler-failed`, `lease-expired`, `unknown-kind`, `bad-parameters`,
    /// `missing-input`, `timeout`, or one a handler chooses.
    public var code: String
    /// What went wrong, for people.
    public var message: String

    public init(attempt: Int, at: Date, code: String, message: String) {
        self.attempt = attempt
        self.at = at
        self.code = code
        self.message = message
    }
}
