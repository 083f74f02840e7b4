import Foundation
import GlintClient
import GlintCore
import GlintQueue
import GlintTestSupport
import Testing

/// ``LocalJobsBackend`` on a temporary SQLite store and blob store.
@Suite("Local jobs backend", .suiteTimeLimit)
struct LocalJobsBackendTests {
    /// Runs `body` with a backend on fresh stores in a temporary directory.
    static func withBackend(_ body: (LocalJobsBackend, TemporaryDirectory) async throws -> Void) async throws {
        let directory = try TemporaryDirectory("glint-local-jobs")
        defer { directory.remove() }
        let data = GlintDataDirectory(url: directory.url)
        try data.create()
        let blobs = try FileBlobStore(directory: data.blobs)
        try await withJobStore(data.defaultStoreLocation) { store in
            try await body(LocalJobsBackend(store: store, blobs: blobs), directory)
        }
    }

    @Test("submit stores the inputs; show, list with counts, cancel, retry; each blob with its file")
    func submitShowListCancelRetry() async throws {
        try await Self.withBackend { backend, directory in
            let input = try writeFile("local input", named: "input.txt", in: directory)
            let request = JobsSubmitRequest(
                kind: .queueNoop, parameters: noopParameters(output: "out"), inputs: ["data": input],
                tenant: "acme", idempotencyKey: "k")
            let (created, job) = try await backend.submit(request)
            #expect(created)
            #expect(job.tenant == "acme")
            #expect(job.idempotencyKey == "k")
            #expect(job.parameters?.object?["output"] == .string("out"))
            let stored = try #require(job.inputs["data"])
            #expect(stored.size == 11)
            #expect(try String(contentsOfFile: try #require(stored.path), encoding: .utf8) == "local input")

            let id = try #require(JobID(job.id))
            #expect(try await backend.job(id) == job)
            let listing = try await backend.jobs(matching: JobFilter(limit: 10))
            #expect(listing.jobs.map(\.id) == [job.id])
            #expect(listing.counts?["available"] == 1)

            #expect(try await backend.cancel(id).state == "cancelled")
            #expect(try await backend.retry(id).state == "available")
            let unknown = try #require(JobID("6f9619ff-8b86-d011-b42d-00c04fc964ff"))
            let missing = try await #require(throws: JobQueueError.self) { try await backend.job(unknown) }
            #expect(missing.code == .notFound)
        }
    }

    @Test("an output is copied out atomically; a missing one names those there are")
    func writeOutput() async throws {
        try await Self.withBackend { backend, directory in
            let (_, job) = try await backend.submit(JobsSubmitRequest(kind: .queueNoop))
            let id = try #require(JobID(job.id))
            let claimed = try await backend.store.claim(ClaimRequest(worker: "test", limit: 1))
            #expect(claimed.map(\.id) == [id])
            let blob = try await backend.blobs.put(Data("result".utf8))
            _ = try await backend.store.complete([JobCompletion(id: id, worker: "test", outputs: ["result": blob])])

            let destination = directory.file("result.txt")
            let written = try await backend.writeOutput(of: id, named: "result", to: destination.path)
            #expect(written.blob == blob.hex)
            #expect(written.size == 6)
            #expect(try String(contentsOf: destination, encoding: .utf8) == "result")
            let shown = try await backend.job(id)
            #expect(shown.outputs["result"]?.path == backend.blobs.url(for: blob).path)

            let error = try await #require(throws: JobQueueError.self) {
                try await backend.writeOutput(of: id, named: "other", to: directory.file("other").path)
            }
            #expect(error.description.contains("(outputs: result)"))
        }
    }
}
