import ArgumentParser
import Foundation
import GlintQueue
import Logging

/// `--store` and `--data-dir`, shared by `glint jobs` and `glint worker`.
struct JobsStoreOptions: ParsableArguments {
    @Option(help: "The job store: sqlite:PATH or postgres://user:password@host:port/database (default sqlite:<data-dir>/queue.sqlite).")
    var store: String?

    @Option(help: "The data directory: blobs under <data-dir>/blobs (default $GLINT_DATA_DIR, else ./glint-data).")
    var dataDir: String?

    var dataDirectory: GlintDataDirectory { GlintDataDirectory(option: dataDir) }

    func location() throws -> JobStoreLocation {
        guard let store else { return dataDirectory.defaultStoreLocation }
        return try JobStoreLocation(parsing: store)
    }

    /// Opens the data directory, the blob store and the job store for `body`, and closes the
    /// store afterwards.
    func withStores<R: Sendable>(logger: Logger = Logger(label: "glint.jobs"),
                                 _ body: (any JobStore, FileBlobStore, GlintDataDirectory) async throws -> R) async throws -> R {
        let data = dataDirectory
        try data.create()
        let blobs = try FileBlobStore(directory: data.blobs)
        return try await withJobStore(try location(), logger: logger) { store in
            try await body(store, blobs, data)
        }
    }
}

/// Parses a job id argument.
extension JobsStoreOptions {
    /// Runs one store operation on the job that `text` names and returns its document; a
    /// `jobNotFound` error names the job when the operation finds none.
    func document(forJob text: String, _ operation: (any JobStore, JobID) async throws -> Job?) async throws -> JobsDocument {
        let id = try parseJobID(text)
        return try await withStores { store, blobs, _ in
            guard let job = try await operation(store, id) else { throw JobQueueError(.jobNotFound, "job \(id): no such job") }
            return JobsDocument(job, blobs: blobs)
        }
    }
}

func parseJobID(_ text: String) throws -> JobID {
    guard let id = JobID(text) else { throw JobQueueError(.jobNotFound, "'\(text)' is not a job id (a UUID such as 6f9619ff-8b86-d011-b42d-00c04fc964ff)") }
    return id
}

/// The job, or a `jobNotFound` error naming it.
func requireJob(_ id: JobID, in store: any JobStore) async throws -> Job {
    guard let job = try await store.job(id, tenant: nil) else { throw JobQueueError(.jobNotFound, "job \(id): no such job") }
    return job
}
