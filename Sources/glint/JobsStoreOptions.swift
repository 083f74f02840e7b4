import ArgumentParser
import Foundation
import GlintClient
import GlintOptions
import GlintQueue
import Logging

/// `--store` and `--data-dir` (and their environment variables), shared with `glint worker`,
/// `glint serve` and `glint keys`: GlintOptions' ``StoreOptions``.
typealias JobsStoreOptions = StoreOptions

/// Where `glint jobs` works: the stores on this machine (`--store`, `--data-dir`), or a Glint
/// server (`--server URL --api-key KEY`, GlintOptions' ``RemoteServerOptions``).
struct JobsTargetOptions: ParsableArguments {
    @OptionGroup var stores: JobsStoreOptions

    @OptionGroup var remote: RemoteServerOptions

    /// Runs `body` with the backend these options name, closing it afterwards.
    func withBackend<R: Sendable>(_ body: (any JobsBackend) async throws -> R) async throws -> R {
        guard let server = remote.resolvedServer() else {
            return try await stores.withStores { store, blobs, _ in
                try await body(LocalJobsBackend(store: store, blobs: blobs))
            }
        }
        guard let url = URL(string: server), let scheme = url.scheme, ["http", "https"].contains(scheme.lowercased()), url.host != nil else {
            throw RemoteJobsError(.badParameters, "--server \(server): expected an http:// or https:// URL")
        }
        guard let apiKey = remote.resolvedAPIKey() else {
            throw RemoteJobsError(.badParameters, "--server \(server): give --api-key (or set \(RemoteServerOptions.Variable.apiKey))")
        }
        return try await body(RemoteJobsBackend(server: url, apiKey: apiKey))
    }
}

func parseJobID(_ text: String) throws -> JobID {
    guard let id = JobID(text) else { throw JobQueueError(.jobNotFound, "'\(text)' is not a job id (a UUID such as 6f9619ff-8b86-d011-b42d-00c04fc964ff)") }
    return id
}
