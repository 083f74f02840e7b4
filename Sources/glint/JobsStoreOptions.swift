import ArgumentParser
import Foundation
import GlintClient
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

/// Where `glint jobs` works: the stores on this machine (`--store`, `--data-dir`), or a Glint
/// server (`--server URL --api-key KEY`).
struct JobsTargetOptions: ParsableArguments {
    @OptionGroup var stores: JobsStoreOptions

    @Option(help: "A Glint server to send the request to instead of the local stores, e.g. http://127.0.0.1:8080 (default $GLINT_SERVER).")
    var server: String?

    @Option(help: "The API key for --server (default $GLINT_API_KEY; create one with `glint keys create`).")
    var apiKey: String?

    /// Runs `body` with the backend these options name, closing it afterwards.
    func withBackend<R: Sendable>(_ body: (any JobsBackend) async throws -> R) async throws -> R {
        let environment = ProcessInfo.processInfo.environment
        guard let server = server ?? environment["GLINT_SERVER"].flatMap({ $0.isEmpty ? nil : $0 }) else {
            return try await stores.withStores { store, blobs, _ in
                try await body(LocalJobsBackend(store: store, blobs: blobs))
            }
        }
        guard let url = URL(string: server), let scheme = url.scheme, ["http", "https"].contains(scheme.lowercased()), url.host != nil else {
            throw RemoteJobsError(.badParameters, "--server \(server): expected an http:// or https:// URL")
        }
        guard let apiKey = apiKey ?? environment["GLINT_API_KEY"], !apiKey.isEmpty else {
            throw RemoteJobsError(.badParameters, "--server \(server): give --api-key (or set GLINT_API_KEY)")
        }
        return try await body(RemoteJobsBackend(server: url, apiKey: apiKey))
    }
}

func parseJobID(_ text: String) throws -> JobID {
    guard let id = JobID(text) else { throw JobQueueError(.jobNotFound, "'\(text)' is not a job id (a UUID such as 6f9619ff-8b86-d011-b42d-00c04fc964ff)") }
    return id
}
