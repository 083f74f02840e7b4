import Foundation

/// A successful run: the job, the worker that held it, and its named output blobs.
public struct JobCompletion: Hashable, Sendable {
    public var id: JobID
    public var worker: String
    public var outputs: [String: BlobID]

    public init(id: JobID, worker: String, outputs: [String: BlobID]) {
        self.id = id
        self.worker = worker
        self.outputs = outputs
    }
}

/// A failed attempt: the job, the worker that held it, the error, and when to try again.
public struct JobFailure: Hashable, Sendable {
    public var id: JobID
    public var worker: String
    public var code: String
    public var message: String
    /// A permanent failure (unknown kind, parameters that do not decode, a missing input blob) is
    /// discarded at once, whatever attempts remain.
    public var permanent: Bool
    /// When the next attempt may start (ignored when discarded).
    public var retryAt: Date

    public init(id: JobID, worker: String, code: String, message: String, permanent: Bool, retryAt: Date) {
        self.id = id
        self.worker = worker
        self.code = code
        self.message = message
        self.permanent = permanent
        self.retryAt = retryAt
    }
}
