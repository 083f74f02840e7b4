import Foundation
import GlintQueue
import Testing

/// A job a worker must discard at once, the error code expected, and a word the message must contain.
public struct PermanentCase: Sendable, CustomTestStringConvertible {
    public var kind: String
    public var parameters: String
    /// "x" stands for a blob that exists; any other text is a blob id that the store lacks.
    public var inputs: [String: String]
    public var code: String
    public var named: String
    public var testDescription: String { "\(kind) \(parameters) -> \(code)" }

    public init(kind: String, parameters: String, inputs: [String: String] = [:], code: String, named: String) {
        self.kind = kind
        self.parameters = parameters
        self.inputs = inputs
        self.code = code
        self.named = named
    }
}

extension WorkerHarness {
    /// Runs `example` through a worker with `handlers` and expects it discarded on its first
    /// attempt with one error of the expected code, naming the expected word.
    public static func expectDiscardedAtOnce(
        _ example: PermanentCase, handlers: JobHandlerRegistry = noopOnly,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        try await WorkerHarness.with(handlers: handlers) { harness in
            let present = try await harness.blobs.put(Data("not a photo".utf8))
            let blobs = example.inputs.mapValues { $0 == "x" ? present : BlobID($0)! }
            let id = try await harness.submit(JobKind(rawValue: example.kind), example.parameters, blobInputs: blobs, maxAttempts: 5)
            let job = try await harness.withWorker { _ in try await harness.waitUntilFinished(id) }
            #expect(job.state == .discarded, sourceLocation: sourceLocation)
            #expect(job.attempt == 1, sourceLocation: sourceLocation)
            try #require(job.errors.count == 1, "errors: \(job.errors)", sourceLocation: sourceLocation)
            #expect(job.errors[0].code == example.code, sourceLocation: sourceLocation)
            #expect(
                job.errors[0].message.contains(example.named), "the error does not name \(example.named): \(job.errors[0].message)",
                sourceLocation: sourceLocation)
        }
    }
}
