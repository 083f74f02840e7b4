import Foundation
import GlintMedia
import GlintQueue

/// `glint jobs` on this machine: the job store and the blob store under the data directory.
struct LocalJobsBackend: JobsBackend {
    let store: any JobStore
    let blobs: FileBlobStore

    func submit(_ request: JobsSubmitRequest) async throws -> (created: Bool, job: JobsDocument) {
        var inputs: [String: BlobID] = [:]
        for (name, file) in request.inputs { inputs[name] = try await blobs.put(contentsOf: file) }
        let submission = JobSubmission(
            kind: request.kind, parameters: request.parameters, inputs: inputs, queue: request.queue,
            tenant: request.tenant ?? JobSubmission.defaultTenant, priority: request.priority,
            maxAttempts: request.maxAttempts, idempotencyKey: request.idempotencyKey
        )
        let outcome = try await store.submit([submission])[0]
        return (outcome.wasCreated, JobsDocument(outcome.job, blobs: blobs))
    }

    func job(_ id: JobID) async throws -> JobsDocument {
        JobsDocument(try await requireJob(id, in: store), blobs: blobs)
    }

    func jobs(matching filter: JobFilter) async throws -> JobsListing {
        let page = try await store.jobs(matching: filter)
        let counts = try await store.countsByState(tenant: filter.tenant)
        return JobsListing(jobs: page.jobs.map { JobsDocument($0, blobs: blobs) },
                           counts: Dictionary(uniqueKeysWithValues: counts.map { ($0.key.rawValue, $0.value) }),
                           nextCursor: page.nextCursor)
    }

    func cancel(_ id: JobID) async throws -> JobsDocument {
        try await document(id) { try await store.cancel(id, tenant: nil) }
    }

    func retry(_ id: JobID) async throws -> JobsDocument {
        try await document(id) { try await store.retry(id, tenant: nil) }
    }

    func writeOutput(of id: JobID, named name: String, to path: String) async throws -> (blob: String, size: Int64) {
        let job = try await requireJob(id, in: store)
        guard let blob = job.outputs[name] else { throw JobQueueError.noOutput(named: name, in: job.id, state: job.state.rawValue, outputs: Array(job.outputs.keys)) }
        let source = blobs.url(for: blob)
        guard let data = FileManager.default.contents(atPath: source.path) else {
            throw JobQueueError(.blob, "job \(id): output '\(name)' (blob \(blob)) is missing from the blob store")
        }
        try AtomicFileWriter.write([UInt8](data), to: path)
        return (blob.hex, Int64(data.count))
    }

    private func document(_ id: JobID, _ operation: () async throws -> Job?) async throws -> JobsDocument {
        guard let job = try await operation() else { throw JobQueueError(.jobNotFound, "job \(id): no such job") }
        return JobsDocument(job, blobs: blobs)
    }
}

extension JobQueueError {
    /// The job has no output of that name (the error lists the ones it has).
    static func noOutput(named name: String, in id: JobID, state: String, outputs: [String]) -> JobQueueError {
        JobQueueError(.blob, "job \(id) (\(state)) has no output named '\(name)'"
                      + (outputs.isEmpty ? "" : " (outputs: \(outputs.sorted().joined(separator: ", ")))"))
    }
}
