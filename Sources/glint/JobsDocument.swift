import Foundation
import GlintQueue

/// A job as `glint jobs ... --json` prints it: parameters as JSON, times in ISO 8601, and every
/// blob with the file it is stored in.
struct JobsDocument: Encodable, Sendable {
    struct Blob: Encodable, Sendable {
        var blob: String
        /// The file in the local blob store (local jobs).
        var path: String?
        /// Where to download it (jobs on a server).
        var url: String?
        var size: Int64?
    }

    var id: String
    var kind: String
    var state: String
    var queue: String
    /// Nil for jobs on a server, which takes the tenant from the API key.
    var tenant: String?
    var priority: Int
    var parameters: JobsJSONValue?
    var inputs: [String: Blob]
    var outputs: [String: Blob]
    var attempt: Int
    var maxAttempts: Int
    var errors: [JobAttemptError]
    var progress: JobProgress?
    var idempotencyKey: String?
    var batch: String?
    var workerID: String?
    var cancelRequested: Bool
    var scheduledAt: String
    var createdAt: String
    var attemptedAt: String?
    var completedAt: String?
    var cancelledAt: String?
    var discardedAt: String?

    /// Whether the job has finished (completed, cancelled or discarded).
    var isFinished: Bool { JobState(rawValue: state)?.isFinished ?? false }

    /// The job for people: one line of summary, then its progress, outputs and errors.
    var lines: [String] {
        var lines = ["\(id)  \(kind)  \(state)  attempt \(attempt)/\(maxAttempts)  queue \(queue)\(tenant.map { "  tenant \($0)" } ?? "")  priority \(priority)"]
        lines.append("created \(createdAt)" + (completedAt.map { ", completed \($0)" } ?? "") + (cancelledAt.map { ", cancelled \($0)" } ?? "")
                     + (discardedAt.map { ", discarded \($0)" } ?? ""))
        if let progress {
            lines.append(String(format: "progress %.0f%%", progress.fraction * 100) + (progress.message.map { " \($0)" } ?? ""))
        }
        if cancelRequested { lines.append("cancellation requested") }
        for (name, blob) in inputs.sorted(by: { $0.key < $1.key }) { lines.append("input \(name): \(blob.path ?? blob.blob)") }
        for (name, blob) in outputs.sorted(by: { $0.key < $1.key }) { lines.append("output \(name): \(blob.path ?? blob.url ?? blob.blob)") }
        for error in errors { lines.append("error (attempt \(error.attempt)) \(error.code): \(error.message)") }
        return lines
    }

    /// One line per job in listings.
    var summary: String {
        "\(id)  \(kind.padding(toLength: 16, withPad: " ", startingAt: 0))  \(state.padding(toLength: 9, withPad: " ", startingAt: 0))  attempt \(attempt)/\(maxAttempts)  \(createdAt)"
    }
}

extension JobsDocument {
    /// A job from the local stores, with each blob's file.
    init(_ job: Job, blobs: any BlobStore) {
        func blob(_ id: BlobID) -> Blob { Blob(blob: id.hex, path: blobs.url(for: id).path, url: nil, size: blobs.size(of: id)) }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        func time(_ date: Date?) -> String? { date.map(formatter.string(from:)) }
        id = job.id.description
        kind = job.kind.rawValue
        state = job.state.rawValue
        queue = job.queue
        tenant = job.tenant
        priority = job.priority
        parameters = try? JSONDecoder().decode(JobsJSONValue.self, from: job.parameters)
        inputs = job.inputs.mapValues(blob)
        outputs = job.outputs.mapValues(blob)
        attempt = job.attempt
        maxAttempts = job.maxAttempts
        errors = job.errors
        progress = job.progress
        idempotencyKey = job.idempotencyKey
        batch = job.batch
        workerID = job.workerID
        cancelRequested = job.cancelRequested
        scheduledAt = time(job.scheduledAt)!
        createdAt = time(job.createdAt)!
        attemptedAt = time(job.attemptedAt)
        completedAt = time(job.completedAt)
        cancelledAt = time(job.cancelledAt)
        discardedAt = time(job.discardedAt)
    }
}
