import ArgumentParser
import Foundation
import GlintClient
import GlintOptions
import GlintQueue
import Logging

/// `--store` and `--data-dir` (and `$GLINT_STORE`, `$GLINT_DATA_DIR`), shared with `glint worker`,
/// `glint serve` and `glint keys`: GlintOptions' ``StoreOptions``.
typealias JobsStoreOptions = StoreOptions

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
