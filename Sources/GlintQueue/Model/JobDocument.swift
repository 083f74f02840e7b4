import Foundation
import GlintCore

/// A job as JSON: what the HTTP API sends (`GET /v1/jobs/{id}`, webhooks, events), what the API
/// client decodes, and what `glint jobs ... --json` prints. Times are ``Timestamp`` strings and
/// parameters are JSON.
///
/// One document, written two ways (``Rendering``): the API's shape (the OpenAPI `Job` schema)
/// and the command line's, which adds what only the machine holding the stores may see (tenant,
/// parameters, idempotency key, worker, blob files).
public struct JobDocument: Codable, Hashable, Sendable {
    /// How a document is written; decoding accepts either.
    public enum Rendering: Hashable, Sendable {
        /// As the HTTP API sends it: every key of the API's schema, `null` when absent; inputs as
        /// blob ids; never the tenant, parameters, idempotency key, worker or cancellation flag.
        case api
        /// As `glint jobs ... --json` prints it: every field the document has, absent ones left
        /// out; inputs and outputs as blobs with whatever is known of them (file, URL, size).
        case commandLine
    }

    /// How far a running job has got.
    public struct Progress: Codable, Hashable, Sendable {
        /// 0...1.
        public var fraction: Double
        public var message: String?

        public init(fraction: Double, message: String?) {
            self.fraction = fraction
            self.message = message
        }
    }

    /// The error one attempt ended with.
    public struct AttemptError: Codable, Hashable, Sendable {
        /// The attempt that failed (1 for the first).
        public var attempt: Int
        /// When it failed, a ``Timestamp`` string.
        public var at: String
        public var code: String
        public var message: String

        public init(attempt: Int, at: String, code: String, message: String) {
            self.attempt = attempt
            self.at = at
            self.code = code
            self.message = message
        }
    }

    /// An input or output blob and what is known of it where the document was made.
    public struct Blob: Codable, Hashable, Sendable {
        /// The blob id (the content's SHA-256, lower-case hex).
        public var blob: String
        /// Its size in bytes.
        public var size: Int64?
        /// Its media type (outputs the API shows).
        public var contentType: String?
        /// Where to download it (outputs the API shows; relative to the server unless resolved).
        public var url: String?
        /// The file holding it in a local blob store.
        public var path: String?

        public init(blob: String, size: Int64? = nil, contentType: String? = nil, url: String? = nil, path: String? = nil) {
            self.blob = blob
            self.size = size
            self.contentType = contentType
            self.url = url
            self.path = path
        }
    }

    public var id: String
    public var kind: String
    public var state: String
    public var queue: String
    /// Who submitted it; never sent by the API (which takes the tenant from the API key).
    public var tenant: String?
    public var priority: Int
    /// The handler's parameters; never sent by the API.
    public var parameters: JSONValue?
    public var inputs: [String: Blob]
    public var outputs: [String: Blob]
    public var attempt: Int
    public var maxAttempts: Int
    public var errors: [AttemptError]
    public var progress: Progress?
    /// Never sent by the API.
    public var idempotencyKey: String?
    public var batch: String?
    /// The worker holding the lease; never sent by the API.
    public var workerID: String?
    /// Whether cancellation was asked for while the job ran; never sent by the API (false when
    /// the document came from it).
    public var cancelRequested: Bool
    public var scheduledAt: String
    public var createdAt: String
    public var attemptedAt: String?
    public var completedAt: String?
    public var cancelledAt: String?
    public var discardedAt: String?
    /// How ``encode(to:)`` writes this document: ``Rendering/commandLine`` unless set otherwise
    /// (the server sets ``Rendering/api``). Not itself encoded.
    public var rendering: Rendering = .commandLine

    /// Everything the queue knows of `job`, each blob by its id alone.
    public init(_ job: Job) {
        id = job.id.description
        kind = job.kind.rawValue
        state = job.state.rawValue
        queue = job.queue
        tenant = job.tenant
        priority = job.priority
        parameters = JSONValue.parse(job.parameters)
        inputs = job.inputs.mapValues { Blob(blob: $0.hex) }
        outputs = job.outputs.mapValues { Blob(blob: $0.hex) }
        attempt = job.attempt
        maxAttempts = job.maxAttempts
        errors = job.errors.map { AttemptError(attempt: $0.attempt, at: Timestamp.string(from: $0.at), code: $0.code, message: $0.message) }
        progress = job.progress.map { Progress(fraction: $0.fraction, message: $0.message) }
        idempotencyKey = job.idempotencyKey
        batch = job.batch
        workerID = job.workerID
        cancelRequested = job.cancelRequested
        scheduledAt = Timestamp.string(from: job.scheduledAt)
        createdAt = Timestamp.string(from: job.createdAt)
        attemptedAt = job.attemptedAt.map { Timestamp.string(from: $0) }
        completedAt = job.completedAt.map { Timestamp.string(from: $0) }
        cancelledAt = job.cancelledAt.map { Timestamp.string(from: $0) }
        discardedAt = job.discardedAt.map { Timestamp.string(from: $0) }
    }

    /// Whether the job has finished (completed, cancelled or discarded).
    public var isFinished: Bool { JobState(rawValue: state)?.isFinished ?? false }
}
