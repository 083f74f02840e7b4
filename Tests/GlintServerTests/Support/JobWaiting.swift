import Foundation
import GlintQueue
import GlintQueueTestSupport
import GlintTestSupport
import HummingbirdTesting
import Synchronization
import Testing

@testable import GlintServer

extension TestClientProtocol {
    /// Follows the job's event stream (`GET /v1/jobs/{id}/events`, which ends with the job's
    /// terminal event) to its end, then returns the job's document from the API. After 5 minutes
    /// (a guard against a hang, not a timing) the test fails; a stream that ended while the job was
    /// unfinished fails it too, naming the state.
    func waitUntilFinished(_ id: String, key: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> [String: Any] {
        let port = try #require(port, "the live test client has a port", sourceLocation: sourceLocation)
        do {
            try await Waiting.within(.seconds(300), "job \(id)'s event stream to end") {
                _ = try await EventStream.read(port: port, path: "/v1/jobs/\(id)/events", key: key)
            }
        } catch let timedOut as Waiting.TimedOut {
            Issue.record("\(timedOut)", sourceLocation: sourceLocation)
        }
        let document = try await call(.get, "/v1/jobs/\(id)", key: key).json()
        if (document["state"] as? String).flatMap(JobState.init(rawValue:))?.isFinished != true {
            Issue.record("job \(id) did not finish: \(document)", sourceLocation: sourceLocation)
        }
        return document
    }
}

extension ServerHarness {
    /// Reads the job from the store again after each change the store reports
    /// (``JobStore/waitForJobChange(since:timeout:)``, no polling) until `condition` holds, for 5
    /// minutes at most (``Waiting``: a guard against a hang, not a timing). Reading the store, not
    /// the API, does not count its outputs against the tenant.
    @discardableResult
    func waitFor(
        _ id: JobID, tenant: String? = nil, sourceLocation: SourceLocation = #_sourceLocation, _ condition: @escaping @Sendable (Job) -> Bool
    ) async throws -> Job {
        try await JobChangeWaiting.waitFor(
            id, in: server.jobs, tenant: tenant, bound: .seconds(300), recheck: .seconds(300), sourceLocation: sourceLocation, condition)
    }

    /// Waits (``waitFor(_:tenant:sourceLocation:_:)``) until the job is completed, cancelled or discarded.
    @discardableResult
    func waitUntilFinished(_ id: JobID, tenant: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) async throws -> Job {
        try await waitFor(id, tenant: tenant, sourceLocation: sourceLocation) { $0.state.isFinished }
    }

    /// The renditions job of a share of `job` (made when the share was created), once finished.
    func finishedRenditions(of job: JobID, tenant: String, keepLocation: Bool = false, sourceLocation: SourceLocation = #_sourceLocation)
        async throws -> Job
    {
        let key = ServerContext.renditionsKey(of: job, keepLocation: keepLocation)
        let renditions = try #require(
            try await server.jobs.job(idempotencyKey: key, tenant: tenant), "the share made a renditions job", sourceLocation: sourceLocation)
        return try await waitUntilFinished(renditions.id, tenant: tenant, sourceLocation: sourceLocation)
    }
}
