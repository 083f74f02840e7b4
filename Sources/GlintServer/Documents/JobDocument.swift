import Foundation
import GlintQueue

/// A job as the API shows it (`GET /v1/jobs/{id}` and everywhere a job is returned): times in
/// ISO 8601 with fractional seconds, absent fields `null`, outputs with their size, media type
/// and download URL. The tenant, parameters and worker are not shown.
public struct JobDocument: Encodable, Sendable {
    public struct Progress: Encodable, Sendable {
        public var fraction: Double
        public var message: String?

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(fraction, forKey: .fraction)
            try container.encode(message, forKey: .message)
        }
        enum CodingKeys: String, CodingKey { case fraction, message }
    }

    public struct AttemptError: Encodable, Sendable {
        public var attempt: Int
        public var at: String
        public var code: String
        public var message: String
    }

    public struct Output: Encodable, Sendable {
        public var blob: String
        public var size: Int64
        public var contentType: String
        public var url: String
    }

    public var id: String
    public var kind: String
    public var state: String
    public var queue: String
    public var priority: Int
    public var attempt: Int
    public var maxAttempts: Int
    public var progress: Progress?
    public var errors: [AttemptError]
    public var outputs: [String: Output]
    public var inputs: [String: String]
    public var batch: String?
    public var createdAt: String
    public var scheduledAt: String
    public var attemptedAt: String?
    public var completedAt: String?
    public var cancelledAt: String?
    public var discardedAt: String?

    /// - Parameter blobs: Where outputs are, for their size and media type.
    public init(_ job: Job, blobs: any BlobStore) {
        id = job.id.description
        kind = job.kind.rawValue
        state = job.state.rawValue
        queue = job.queue
        priority = job.priority
        attempt = job.attempt
        maxAttempts = job.maxAttempts
        progress = job.progress.map { Progress(fraction: $0.fraction, message: $0.message) }
        errors = job.errors.map { AttemptError(attempt: $0.attempt, at: ISO8601.string($0.at), code: $0.code, message: $0.message) }
        let jobID = job.id.description
        outputs = Dictionary(uniqueKeysWithValues: job.outputs.map { name, blob in
            let type = OutputMediaType.of(file: blobs.url(for: blob), name: name)
            return (name, Output(blob: blob.hex, size: blobs.size(of: blob) ?? 0, contentType: type.contentType,
                                 url: "/v1/jobs/\(jobID)/outputs/\(name)"))
        })
        inputs = job.inputs.mapValues(\.hex)
        batch = job.batch
        createdAt = ISO8601.string(job.createdAt)
        scheduledAt = ISO8601.string(job.scheduledAt)
        attemptedAt = job.attemptedAt.map(ISO8601.string)
        completedAt = job.completedAt.map(ISO8601.string)
        cancelledAt = job.cancelledAt.map(ISO8601.string)
        discardedAt = job.discardedAt.map(ISO8601.string)
    }

    enum CodingKeys: String, CodingKey {
        case id, kind, state, queue, priority, attempt, maxAttempts, progress, errors, outputs, inputs, batch
        case createdAt, scheduledAt, attemptedAt, completedAt, cancelledAt, discardedAt
    }

    /// Every key is written, `null` when absent.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(kind, forKey: .kind)
        try container.encode(state, forKey: .state)
        try container.encode(queue, forKey: .queue)
        try container.encode(priority, forKey: .priority)
        try container.encode(attempt, forKey: .attempt)
        try container.encode(maxAttempts, forKey: .maxAttempts)
        try container.encode(progress, forKey: .progress)
        try container.encode(errors, forKey: .errors)
        try container.encode(outputs, forKey: .outputs)
        try container.encode(inputs, forKey: .inputs)
        try container.encode(batch, forKey: .batch)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(scheduledAt, forKey: .scheduledAt)
        try container.encode(attemptedAt, forKey: .attemptedAt)
        try container.encode(completedAt, forKey: .completedAt)
        try container.encode(cancelledAt, forKey: .cancelledAt)
        try container.encode(discardedAt, forKey: .discardedAt)
    }
}

/// ISO 8601 with fractional seconds, in UTC.
enum ISO8601 {
    static func string(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }
}
