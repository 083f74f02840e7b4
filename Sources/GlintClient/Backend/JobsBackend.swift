import Foundation
import GlintQueue

/// What `glint jobs` asks of wherever the jobs are: the stores on this machine
/// (``LocalJobsBackend``) or a Glint server over HTTP (``RemoteJobsBackend``). Every command is
/// written once, against this; every job comes back as the one ``JobDocument``.
public protocol JobsBackend: Sendable {
    /// Stores the input files and queues the job. `created` is false when the idempotency key
    /// returned a job submitted before.
    func submit(_ request: JobsSubmitRequest) async throws -> (created: Bool, job: JobDocument)
    /// The job, or a not-found error naming it.
    func job(_ id: JobID) async throws -> JobDocument
    /// A page of jobs, newest first, and (where the backend knows them) the counts by state.
    func jobs(matching filter: JobFilter) async throws -> JobsListing
    /// Cancels the job: a queued one at once, a running one at its next progress check.
    func cancel(_ id: JobID) async throws -> JobDocument
    /// Queues a finished job again.
    func retry(_ id: JobID) async throws -> JobDocument
    /// Writes one output of the job to `path`, atomically (the file is whole or untouched);
    /// returns the output's blob id and size.
    func writeOutput(of id: JobID, named name: String, to path: String) async throws -> (blob: String, size: Int64)
}
