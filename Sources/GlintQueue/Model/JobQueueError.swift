import GlintCore

/// An error from the queue: what kind of problem, and a sentence naming the job, store or blob.
public struct JobQueueError: GlintError, Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        /// The submission failed validation (bad JSON, out-of-range priority …).
        case invalidSubmission
        /// No such job (or it belongs to another tenant).
        case jobNotFound
        /// The operation does not apply to the job's current state (retrying a running job …).
        case invalidState
        /// The store could not be opened, migrated or queried.
        case storeUnavailable
        /// A `--store` location that names no supported store.
        case invalidStoreLocation
        /// A blob could not be found, read or written.
        case blob
    }

    public var kind: Kind
    public var problem: String

    public init(_ kind: Kind, _ problem: String) {
        self.kind = kind
        self.problem = problem
    }

    public var description: String { problem }
    public var kindName: String { kind.rawValue }

    /// A bad submission or store location is the request's fault, a missing job is `not-found`, a
    /// job in the wrong state is a `conflict`, and a store or blob failure may pass.
    public var code: ErrorCode {
        switch kind {
        case .invalidSubmission, .invalidStoreLocation: .badParameters
        case .jobNotFound: .notFound
        case .invalidState: .conflict
        case .storeUnavailable, .blob: .unavailable
        }
    }
}
