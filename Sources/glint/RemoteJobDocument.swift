import Foundation
import GlintQueue

/// A job as a Glint server returns it (`GET /v1/jobs/{id}`), turned into the document
/// `glint jobs ... --json` prints. The server does not show tenant, parameters or worker.
struct RemoteJobDocument: Decodable {
    struct Progress: Decodable {
        var fraction: Double
        var message: String?
    }

    struct AttemptError: Decodable {
        var attempt: Int
        var at: String
        var code: String
        var message: String
    }

    struct Output: Decodable {
        var blob: String
        var size: Int64
        var contentType: String?
        var url: String
    }

    struct Page: Decodable {
        var jobs: [RemoteJobDocument]
        var nextCursor: String?
    }

    var id: String
    var kind: String
    var state: String
    var queue: String
    var priority: Int
    var attempt: Int
    var maxAttempts: Int
    var progress: Progress?
    var errors: [AttemptError]
    var outputs: [String: Output]
    var inputs: [String: String]
    var batch: String?
    var createdAt: String
    var scheduledAt: String
    var attemptedAt: String?
    var completedAt: String?
    var cancelledAt: String?
    var discardedAt: String?

    /// - Parameter server: the server's base URL, which the output URLs are relative to.
    func document(server: URL) -> JobsDocument {
        let parser = ISO8601DateFormatter()
        parser.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return JobsDocument(
            id: id, kind: kind, state: state, queue: queue, tenant: nil, priority: priority, parameters: nil,
            inputs: inputs.mapValues { JobsDocument.Blob(blob: $0, path: nil, url: nil, size: nil) },
            outputs: outputs.mapValues { output in
                JobsDocument.Blob(blob: output.blob, path: nil, url: URL(string: output.url, relativeTo: server)?.absoluteString ?? output.url,
                                  size: output.size)
            },
            attempt: attempt, maxAttempts: maxAttempts,
            errors: errors.map { JobAttemptError(attempt: $0.attempt, at: parser.date(from: $0.at) ?? .distantPast, code: $0.code, message: $0.message) },
            progress: progress.map { JobProgress(fraction: $0.fraction, message: $0.message) },
            idempotencyKey: nil, batch: batch, workerID: nil, cancelRequested: false,
            scheduledAt: scheduledAt, createdAt: createdAt, attemptedAt: attemptedAt, completedAt: completedAt,
            cancelledAt: cancelledAt, discardedAt: discardedAt
        )
    }
}
