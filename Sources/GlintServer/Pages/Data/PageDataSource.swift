import Foundation
public import GlintQueue

/// What the pages (the share page `/s/{token}` and the dashboard `/`) read, and nothing more.
///
/// The pages never see the API's stores: the service implements this protocol over its
/// `ServerStore` (shares) and `JobStore` + `BlobStore` (jobs, outputs), and tests implement it in
/// memory. Every method may be called concurrently from many requests, and none writes a job:
/// pages are read by anyone, and a read must cost the owner nothing.
public protocol PageDataSource: Sendable {
    /// The share with this id (taken from a token whose signature was already verified), or nil
    /// when there is no such share. A revoked share is returned with ``PageShare/State/revoked``.
    func share(id: String) async throws -> PageShare?

    /// The viewer a key's whole text signs in as: nil unless it is a live key (the same check as
    /// the API's, ``ServerStore/verifiedKey(text:)``).
    func viewer(key text: String) async throws -> PageViewer?

    /// The viewer a session names by its key id: nil unless that key is still live (a revoked
    /// key's sessions end at once).
    func viewer(keyID: String) async throws -> PageViewer?

    /// How many jobs are in each state, of `tenant` (nil: every tenant; states with none may be absent).
    func queueCounts(tenant: String?) async throws -> [JobState: Int]

    /// `tenant`'s jobs (nil: every tenant's) completed in each of the `minutes` whole minutes
    /// before `end`, oldest first: element `i` counts completions in
    /// `[end - (minutes - i) min, end - (minutes - i - 1) min)`. The result has exactly `minutes` elements.
    func completionsPerMinute(tenant: String?, endingAt end: Date, minutes: Int) async throws -> [Int]

    /// `tenant`'s (nil: every tenant's) most recently created jobs, newest first, at most `limit`.
    func recentJobs(tenant: String?, limit: Int) async throws -> [PageJobSummary]

    /// The thumbnail file of a job of `tenant` (nil: any tenant's) that its renditions already made
    /// (see ``PageJobSummary/hasThumbnail``); nil when it has none, there is no such job, or it is
    /// another tenant's. Never asks for one to be made.
    func thumbnail(job: JobID, tenant: String?) async throws -> PageFile?
}
