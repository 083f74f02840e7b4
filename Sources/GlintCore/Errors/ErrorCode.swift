/// The stable, machine-readable name of a category of failure: what a job's errors record, what
/// `glint --json` prints as `code`, and what the HTTP API turns into a problem type.
///
/// The categories Glint decides on are constants here; a job handler may choose a code of its own
/// (`noop-failure`), which is recorded as it is.
public struct ErrorCode: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible, ExpressibleByStringLiteral {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }

    public var description: String { rawValue }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// Parameters, flags or a recipe that are wrong: a field out of range, a contradictory option.
    public static let badParameters: ErrorCode = "bad-parameters"
    /// An input that is there but cannot be used: corrupt, truncated, unsupported, too large.
    public static let invalidInput: ErrorCode = "invalid-input"
    /// An input that was not given, or whose bytes are not stored.
    public static let missingInput: ErrorCode = "missing-input"
    /// An input over a limit the service sets (`--max-pixels`, `--max-motion-seconds`): a still
    /// with too many pixels, a movie or Motion Photo with too long a motion.
    public static let inputTooLarge: ErrorCode = "input-too-large"
    /// A job kind that nothing handles.
    public static let unknownKind: ErrorCode = "unknown-kind"
    /// A job, blob or other thing asked for by name that does not exist (or is another tenant's).
    public static let notFound: ErrorCode = "not-found"
    /// An operation that does not apply to the thing's current state (retrying a running job).
    public static let conflict: ErrorCode = "conflict"
    /// A store, a file system or a service that failed for now; trying again may work.
    public static let unavailable: ErrorCode = "unavailable"
    /// The work itself failed (an encoder, a write, a library call); trying again may work.
    public static let handlerFailed: ErrorCode = "handler-failed"
    /// The job's runner process was killed by a signal (a decoder crash: SIGSEGV, SIGABRT; or
    /// SIGKILL from outside); the message names the signal. Retried, and discarded after a second.
    public static let runnerCrashed: ErrorCode = "runner-crashed"
    /// The job's runner ran past the job's wall-clock deadline (or its CPU limit) and was killed.
    public static let timeLimit: ErrorCode = "time-limit"
    /// The job's runner failed at the memory limit.
    public static let memoryLimit: ErrorCode = "memory-limit"

    /// The codes whose failures the same request will always meet again.
    static let permanent: Set<ErrorCode> = [.badParameters, .invalidInput, .missingInput, .inputTooLarge, .unknownKind, .notFound]

    /// Whether a failure with this code is the same on every try (by default: the request is wrong,
    /// not the moment).
    public var isPermanentByDefault: Bool { Self.permanent.contains(self) }
}
