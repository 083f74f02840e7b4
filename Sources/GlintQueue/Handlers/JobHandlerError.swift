import GlintCore

/// An error a handler (or the worker, on its behalf) ends an attempt with: a short stable code,
/// a sentence for people, and whether trying again could help.
///
/// Permanent errors discard the job at once, whatever attempts remain: an unknown kind,
/// parameters that do not decode, a missing input, an input that is not what the kind needs.
public struct JobHandlerError: GlintError, Hashable, Sendable {
    /// `unknown-kind`, `bad-parameters`, `missing-input`, `invalid-input`, `handler-failed`, or
    /// one a handler chooses.
    public var code: ErrorCode
    /// What went wrong, naming the field, input or file.
    public var message: String
    /// Whether the job is discarded at once instead of retried.
    public var permanent: Bool

    public init(code: ErrorCode, message: String, permanent: Bool) {
        self.code = code
        self.message = message
        self.permanent = permanent
    }

    public var description: String { "\(code): \(message)" }
    public var isPermanent: Bool { permanent }

    /// No handler is registered for the kind.
    public static func unknownKind(_ kind: JobKind, known: [JobKind]) -> JobHandlerError {
        JobHandlerError(
            code: .unknownKind, message: "no handler for job kind '\(kind)' (known kinds: \(known.map(\.rawValue).sorted().joined(separator: ", ")))",
            permanent: true)
    }

    /// The parameters do not decode or are out of range; `message` names the field.
    public static func badParameters(_ message: String) -> JobHandlerError {
        JobHandlerError(code: .badParameters, message: message, permanent: true)
    }

    /// An input the kind needs was not given, or its blob is not in the blob store.
    public static func missingInput(_ message: String) -> JobHandlerError {
        JobHandlerError(code: .missingInput, message: message, permanent: true)
    }

    /// An input is there but cannot be used (corrupt, unsupported, not the right kind of file).
    public static func invalidInput(_ message: String) -> JobHandlerError {
        JobHandlerError(code: .invalidInput, message: message, permanent: true)
    }
}
