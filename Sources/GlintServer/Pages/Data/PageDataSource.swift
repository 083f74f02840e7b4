import Foundation
public import GlintQueue

/// What the pages (the share page `/s/{token}` and the dashboard `/`) read, and nothing more.
///
/// The pages never see the API's stores: the service implements this protocol over its
/// `ServerStore` (shares) and `JobStore` + `BlobStore` (jobs, outputs), and tests implement it in
/// memory. Every method may be called concurrently from many requests.
public protocol PageDataSource: Sendable {
    /// The share with this id (taken from a token whose signature was already verified), or nil
    /// when there is no such share. A revoked share is returned with ``PageShare/State/revoked``.
    func share(id: String) async throws -> PageShare?

    /// How many jobs are in each state, over the whole service (states with none may be absent).
    func queueCounts() async throws -> [JobState: Int]

    /// Jobs completed in each of the `minutes` whole minutes before `end`, oldest first: element
    /// `i` counts completions in `[end - (minutes - i) min, end - (minutes - i - 1) min)`.
    /// The result has exactly `minutes` elements.
    func completionsPerMinute(endingAt end: Date, minutes: Int) async throws -> [Int]

    /// The most recently created jobs, newest first, at most `limit`.
    func recentJobs(limit: Int) async throws -> [PageJobSummary]

    /// The thumbnail file of a job (its image output, see ``PageJobSummary/hasThumbnail``), nil when it has none or
    /// there is no such job.
    func thumbnail(job: JobID) async throws -> PageFile?
}
