import Foundation
import GlintQueue
import GlintTestSupport
import Synchronization
import Testing

/// The one wait for a job's state in tests: the job read again after each change its store
/// reports (``JobStore/waitForJobChange(since:timeout:)``, no polling) until a condition holds,
/// for `bound` at most (``Waiting``: a guard against a hang, never a timing).
public enum JobChangeWaiting {
    /// The job once `condition` holds; past `bound`, an issue naming the state it was last seen in,
    /// and that job.
    /// - Parameters:
    ///   - tenant: Whose job it is (nil: any tenant's).
    ///   - recheck: How long one wait for a change lasts on the store's clock before the job is
    ///     read again anyway (a change another process made that the store cannot see).
    public static func waitFor(
        _ id: JobID, in store: any JobStore, tenant: String? = nil, bound: Duration, recheck: Duration,
        sourceLocation: SourceLocation, _ condition: @escaping @Sendable (Job) -> Bool
    ) async throws -> Job {
        let seen = LastSeen()
        do {
            return try await Waiting.within(bound, "job \(id) to reach the expected state") {
                while true {
                    // The mark is taken before the read: a change between the read and the wait ends the wait at once.
                    let mark = store.jobChangeMark()
                    guard let job = try await store.job(id, tenant: tenant) else { throw JobQueueError(.jobNotFound, "job \(id) vanished") }
                    seen.job.withLock { $0 = job }
                    if condition(job) { return job }
                    await store.waitForJobChange(since: mark, timeout: recheck)
                }
            }
        } catch let timedOut as Waiting.TimedOut {
            let job = try #require(seen.job.withLock { $0 }, "\(timedOut): the job was never read", sourceLocation: sourceLocation)
            Issue.record(
                "job \(id) never reached the expected state; last seen: \(job.state), attempt \(job.attempt), errors \(job.errors)",
                sourceLocation: sourceLocation)
            return job
        }
    }
}

/// The job as a wait last read it, for the message when the wait gives up.
private final class LastSeen: Sendable {
    let job = Mutex<Job?>(nil)
}
