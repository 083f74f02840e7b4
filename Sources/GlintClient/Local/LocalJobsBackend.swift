import Foundation
import GlintCore
import GlintQueue

/// The jobs on this machine: a job store and the blob store beside it (`glint jobs` without
/// `--server`). Jobs are shown with their tenant and parameters, and every blob with its file.
public struct LocalJobsBackend: JobsBackend {
    public let store: any JobStore
    public let blobs: FileBlobStore

    public init(store: any JobStore, blobs: FileBlobStore) {
        self.store = store
        self.blobs = blobs
    }

    public func submit(_ request: JobsSubmitRequest) async throws -> (created: Bool, job: JobDocument) {
        var inputs: [String: BlobID] = [:]
        for (name, file) in request.inputs { inputs[name] = try await blobs.put(contentsOf: file) }
        let submission = JobSubmission(
            kind: request.kind, parameters: request.parameters, inputs: inputs, queue: request.queue,
            tenant: request.tenant ?? JobSubmission.defaultTenant, priority: request.priority,
            maxAttempts: request.maxAttempts, idempotencyKey: request.idempotencyKey
        )
        let outcome = try await store.submit([submission])[0]
        return (outcome.wasCreated, JobDocument(outcome.job, storedIn: blobs))
    }

    public func job(_ id: JobID) async throws -> JobDocument {
        JobDocument(try await requireJob(id), storedIn: blobs)
    }

    public func jobs(matching filter: JobFilter) async throws -> JobsListing {
        let page = try await store.jobs(matching: filter)
        let counts = try await store.countsByState(tenant: filter.tenant)
        return JobsListing(
            jobs: page.jobs.map { JobDocument($0, storedIn: blobs) },
            counts: Dictionary(uniqueKeysWithValues: counts.map { ($0.key.rawValue, $0.value) }),
            nextCursor: page.nextCursor)
    }

    public func cancel(_ id: JobID) async throws -> JobDocument {
        try await document(id) { try await store.cancel(id, tenant: nil) }
    }

    public func retry(_ id: JobID) async throws -> JobDocument {
        try await document(id) { try await store.retry(id, tenant: nil) }
    }

    public func writeOutput(of id: JobID, named name: String, to path: String) async throws -> (blob: String, size: Int64) {
        let job = try await requireJob(id)
        guard let blob = job.outputs[name] else {
            throw JobQueueError.noOutput(named: name, in: job.id, state: job.state.rawValue, outputs: Array(job.outputs.keys))
        }
        let source = blobs.url(for: blob)
        guard FileManager.default.isReadableFile(atPath: source.path) else {
            throw JobQueueError(.blob, "job \(id): output '\(name)' (blob \(blob)) is missing from the blob store")
        }
        return (blob.hex, try AtomicFileWriter.copy(contentsOf: source.path, to: path))
    }

    /// The job, or a `jobNotFound` error naming it.
    private func requireJob(_ id: JobID) async throws -> Job {
        guard let job = try await store.job(id, tenant: nil) else { throw JobQueueError(.jobNotFound, "job \(id): no such job") }
        return job
    }

    private func document(_ id: JobID, _ operation: () async throws -> Job?) async throws -> JobDocument {
        guard let job = try await operation() else { throw JobQueueError(.jobNotFound, "job \(id): no such job") }
        return JobDocument(job, storedIn: blobs)
    }
}
