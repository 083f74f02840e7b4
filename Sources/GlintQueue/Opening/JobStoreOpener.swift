import Foundation
import GlintCore
import Logging

/// Opens the store a `--store` location names, migrates it, runs `body` with it and closes it,
/// whether `body` returns or throws.
///
/// ```swift
/// try await withJobStore(.sqlite(path: "glint-data/queue.sqlite"), logger: logger) { store in
///     try await JobWorker(store: store, blobs: blobs, handlers: .glint).run()
/// }
/// ```
/// - Parameters:
///   - location: `sqlite:PATH` (the file is created when missing) or a PostgreSQL URL.
///   - clock: The time the store stamps jobs with.
///   - logger: Where the store logs.
/// - Throws: `JobQueueError(.storeUnavailable)` when the store cannot be opened, or what `body` throws.
public func withJobStore<R: Sendable>(
    _ location: JobStoreLocation, clock: any WallClock = SystemWallClock(), logger: Logger = Logger(label: "glint.queue"),
    _ body: (any JobStore) async throws -> R
) async throws -> R {
    switch location {
    case .sqlite(let path):
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
        do {
            try OwnerOnlyFiles.createDirectory(at: directory)
        } catch {
            throw JobQueueError(.storeUnavailable, "store \(location): cannot create \(directory.path): \(error.localizedDescription)")
        }
        let store = try SQLiteJobStore(path: path, clock: clock, logger: logger)
        let result: R
        do {
            try await store.migrate()
            result = try await body(store)
        } catch {
            try? await store.close()
            throw error
        }
        try await store.close()
        return result
    case .postgres(let url):
        return try await PostgresJobStore.withStore(url: url, clock: clock, logger: logger) { store in
            try await body(store)
        }
    }
}
