import Foundation
import GlintQueue
import Logging

/// Opens the server store that belongs with a job store, runs `body` with it and closes it:
/// `SQLiteServerStore` at `<data directory>/server.sqlite` beside a SQLite job store,
/// `PostgresServerStore` in the same database as a PostgreSQL one.
public func withServerStore<R: Sendable>(
    for location: JobStoreLocation, dataDirectory: GlintDataDirectory, logger: Logger = Logger(label: "glint.server.store"),
    _ body: (any ServerStore) async throws -> R
) async throws -> R {
    switch location {
    case .sqlite:
        let store = try SQLiteServerStore(path: dataDirectory.url.appendingPathComponent("server.sqlite").path)
        do {
            let result = try await body(store)
            try await store.close()
            return result
        } catch {
            try? await store.close()
            throw error
        }
    case .postgres(let url):
        let configuration = try PostgresJobStore.Configuration(url: url)
        return try await PostgresServerStore.withStore(configuration: configuration, logger: logger) { store in try await body(store) }
    }
}
