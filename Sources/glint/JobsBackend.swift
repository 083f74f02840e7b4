import Foundation
import GlintQueue

/// What `glint jobs` asks of wherever the jobs are: the stores on this machine
/// (`LocalJobsBackend`) or a Glint server over HTTP (`RemoteJobsBackend`, with `--server URL
/// --api-key KEY`). Every command is written once, against this.
protocol JobsBackend: Sendable {
    /// Stores the input files and queues the job. `created` is false when the idempotency key
    /// returned a job submitted before.
    func submit(_ request: JobsSubmitRequest) async throws -> (created: Bool, job: JobsDocument)
    /// The job, or a `jobNotFound` error naming it.
    func job(_ id: JobID) async throws -> JobsDocument
    /// A page of jobs, newest first, and (where the backend knows them) the counts by state.
    func jobs(matching filter: JobFilter) async throws -> JobsListing
    /// Cancels the job: a queued one at once, a running one at its next progress check.
    func cancel(_ id: JobID) async throws -> JobsDocument
    /// Queues a finished job again.
    func retry(_ id: JobID) async throws -> JobsDocument
    /// Writes one output of the job to `path`, atomically; returns the output's blob id and size.
    func writeOutput(of id: JobID, named name: String, to path: String) async throws -> (blob: String, size: Int64)
}

/// A job to submit, as `glint jobs submit` parsed it.
struct JobsSubmitRequest: Sendable {
    var kind: JobKind
    var parameters: Data
    /// Input name to the file to upload.
    var inputs: [String: URL]
    var queue: String
    /// The tenant; nil for the default (a server takes it from the API key instead).
    var tenant: String?
    var priority: Int
    var maxAttempts: Int
    var idempotencyKey: String?
}

/// One page of `glint jobs list`.
struct JobsListing: Sendable {
    var jobs: [JobsDocument]
    /// Jobs by state (nil where the backend does not say).
    var counts: [String: Int]?
    var nextCursor: String?
}
