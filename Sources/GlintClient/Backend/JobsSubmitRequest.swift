import Foundation
import GlintQueue

/// A job to submit, with its input files still on this machine.
public struct JobsSubmitRequest: Sendable {
    public var kind: JobKind
    /// The parameters: a UTF-8 JSON object.
    public var parameters: Data
    /// Input name to the file to upload.
    public var inputs: [String: URL]
    public var queue: String
    /// The tenant; nil for the default (a server takes it from the API key instead).
    public var tenant: String?
    public var priority: Int
    public var maxAttempts: Int
    public var idempotencyKey: String?

    public init(
        kind: JobKind, parameters: Data = Data("{}".utf8), inputs: [String: URL] = [:], queue: String = JobSubmission.defaultQueue,
        tenant: String? = nil, priority: Int = 0, maxAttempts: Int = JobSubmission.defaultMaxAttempts, idempotencyKey: String? = nil
    ) {
        self.kind = kind
        self.parameters = parameters
        self.inputs = inputs
        self.queue = queue
        self.tenant = tenant
        self.priority = priority
        self.maxAttempts = maxAttempts
        self.idempotencyKey = idempotencyKey
    }
}
