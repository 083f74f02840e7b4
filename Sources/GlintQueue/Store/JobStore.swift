import Foundation
import GlintCore

/// Where jobs live. `SQLiteJobStore` (one file, no server) and `PostgresJobStore` (many workers on
/// many machines) implement it, and one conformance suite runs against both.
///
/// Every time a store records comes from its `WallClock`, never from the database, so tests can
/// drive backoff, leases and retention with a manual clock. Every state change is one atomic
/// statement or transaction: two workers never hold the same job, and a job is completed once.
public protocol JobStore: Sendable {
    /// The clock the store stamps and compares times with.
    var clock: any WallClock { get }

    /// Creates or upgrades the schema to the current version (versioned, idempotent, safe to run
    /// from several processes at once). Stores run it when opened.
    func migrate() async throws

    /// Queues jobs, in one transaction. A submission whose tenant and idempotency key match a job
    /// that is not cancelled or discarded returns that job (`.existing`) and queues nothing.
    /// A job with `scheduledAt` in the future is `scheduled`, otherwise `available`.
    /// Throws `JobQueueError(.invalidSubmission)` (from `JobSubmission.validate()`) before writing anything.
    func submit(_ submissions: [JobSubmission]) async throws -> [SubmitOutcome]

    /// Claims up to `request.limit` jobs for one worker in one statement: jobs in the request's
    /// queues that are scheduled, available or retryable with `scheduledAt <= now`, taken fairly
    /// across tenants (each tenant's jobs ordered by priority descending, then scheduledAt, then
    /// id; tenants interleaved so that one tenant's large backlog cannot starve another tenant's
    /// single job: a tenant with waiting jobs gets at least one in every claim of ≥ k jobs when k
    /// tenants are waiting; when a claim is smaller than the number of waiting tenants, tenants take
    /// turns: the one served longest ago first, then the one whose oldest waiting job is oldest, so
    /// that claims of one job at a time alternate too). Claimed jobs become `running` with `attempt`
    /// incremented, `attemptedAt = now`, `workerID` set and `leaseExpiresAt = now + lease`.
    func claim(_ request: ClaimRequest) async throws -> [Job]

    /// Extends the leases of the worker's running jobs to `now + lease`. Returns, for each id, what
    /// the worker should do: go on, stop because cancellation was asked for, or drop the job because
    /// the lease was lost (the job was rescued and may be running elsewhere).
    func heartbeat(_ ids: [JobID], worker: String, lease: Duration) async throws -> [JobID: LeaseStatus]

    /// Records progress for a running job held by `worker` (and extends nothing). Returns the same
    /// answer as `heartbeat`: the running job's handler stops when it is not `.held`.
    func reportProgress(_ id: JobID, worker: String, progress: JobProgress) async throws -> LeaseStatus

    /// Completes running jobs held by the given workers, recording their outputs and clearing the
    /// lease (its progress fraction becomes 1, its message kept), in one statement per batch. A job whose lease was lost (rescued, cancelled, completed
    /// elsewhere) is left untouched and reported `false`: outputs are recorded exactly once.
    func complete(_ completions: [JobCompletion]) async throws -> [JobID: Bool]

    /// Records a failed attempt of a running job held by `failure.worker`: the error is appended;
    /// the job becomes `retryable` with `scheduledAt = failure.retryAt`, or `discarded` when the
    /// failure is permanent or `attempt >= maxAttempts`, or `cancelled` when cancellation had been
    /// asked for. Returns the job after the change, or nil when the worker no longer held it.
    func fail(_ failure: JobFailure) async throws -> Job?

    /// Cancels a job. A queued one (scheduled, available, retryable) becomes `cancelled` at once; a
    /// running one gets `cancelRequested` and is cancelled when its worker next checks (see
    /// `acknowledgeCancellation`). Finished jobs are returned unchanged. With a tenant, a job of
    /// another tenant is not found. Returns nil when there is no such job.
    func cancel(_ id: JobID, tenant: String?) async throws -> Job?

    /// The worker's answer to `LeaseStatus.cancelRequested`: the running job becomes `cancelled`
    /// and its lease is cleared. Returns false when the worker no longer held it.
    func acknowledgeCancellation(_ id: JobID, worker: String) async throws -> Bool

    /// Queues a finished or retryable job again, to run now: a discarded or cancelled job gets one
    /// more attempt (`maxAttempts` raised to `attempt + 1` when exhausted); a completed one runs
    /// again and its outputs are replaced when it completes. Throws `.invalidState` for a job that
    /// is queued or running. With a tenant, a job of another tenant is not found (nil).
    func retry(_ id: JobID, tenant: String?) async throws -> Job?

    /// Graceful shutdown: gives running jobs back without counting the attempt (`attempt - 1`,
    /// state `available`, lease cleared). Only jobs the worker still holds are touched.
    func release(_ ids: [JobID], worker: String) async throws

    /// Crash rescue: every running job whose lease expired before now goes back to `available`
    /// (with a `lease-expired` error recorded for the attempt), or to `discarded` when it has no
    /// attempts left, or to `cancelled` when cancellation had been asked for. Returns how many
    /// were rescued.
    func rescueExpiredLeases() async throws -> Int

    /// Retention: deletes completed, cancelled and discarded jobs that finished before `date`.
    /// Returns how many were deleted.
    func prune(finishedBefore date: Date) async throws -> Int

    /// One job; with a tenant, a job of another tenant is nil.
    func job(_ id: JobID, tenant: String?) async throws -> Job?

    /// The tenant's live (not cancelled or discarded) job holding this idempotency key, if any:
    /// the job a submission with the key would return.
    func job(idempotencyKey: String, tenant: String) async throws -> Job?

    /// The blobs the jobs in the store name as inputs or outputs, for blob retention: a blob an
    /// unfinished job takes as input is in use; one any job names may still be downloaded.
    func blobReferences() async throws -> JobBlobReferences

    /// A page of jobs, newest first, filtered.
    func jobs(matching filter: JobFilter) async throws -> JobPage

    /// How many jobs are in each state (states with none are absent), optionally for one tenant.
    func countsByState(tenant: String?) async throws -> [JobState: Int]

    /// Where the store's job changes stand now, for ``waitForJobChange(since:timeout:)``.
    func jobChangeMark() -> JobChangeMark

    /// Waits until a job may have changed (its state, attempt, progress or outputs) since `mark`,
    /// in this process or another that shares the store, or until `timeout` passes. Spurious
    /// returns are allowed (the caller reads its job again); missed changes are not (beyond
    /// `timeout`). `GET /v1/jobs/{id}/events` waits here instead of polling the job.
    func waitForJobChange(since mark: JobChangeMark, timeout: Duration) async

    /// Waits until jobs may be claimable in one of `queues` (a submit, retry or release in any
    /// process that shares the store), or until `timeout` passes, whichever is first. Wake-ups are
    /// debounced; spurious wake-ups are allowed, missed ones are not (beyond `timeout`).
    /// Returns true when woken (jobs may be claimable), false when the timeout passed or the task
    /// was cancelled.
    @discardableResult
    func waitForJobs(in queues: [String], timeout: Duration) async throws -> Bool

    /// Closes connections; the store is unusable afterwards.
    func close() async throws
}
