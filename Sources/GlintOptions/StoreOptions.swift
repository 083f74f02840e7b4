import ArgumentParser
import Foundation
import GlintQueue
import Logging

/// `--store` and `--data-dir`, shared by `glint serve`, `glint worker`, `glint jobs`, `glint keys`
/// and `glint retention`: the flag, else `$GLINT_STORE` / `$GLINT_DATA_DIR` (empty counts as unset),
/// else the default store (`sqlite:<data-dir>/queue.sqlite`) and ``GlintDataDirectory/defaultPath``.
public struct StoreOptions: ParsableArguments {
    /// The environment variable naming the job store.
    public static let storeVariable = "GLINT_STORE"
    /// The environment variable naming the data directory.
    public static let dataDirectoryVariable = "GLINT_DATA_DIR"

    @Option(
        help: ArgumentHelp(
            "The job store: sqlite:PATH or postgres://user@host:port/database, the password from $PGPASSWORD or the password file ($PGPASSFILE, else ~/.pgpass; never put it on the command line) (default $\(storeVariable), else sqlite:<data-dir>/queue.sqlite)."
        ))
    public var store: String?

    @Option(
        help: ArgumentHelp(
            "The data directory: blobs under <data-dir>/blobs (default $\(dataDirectoryVariable), else \(GlintDataDirectory.defaultPath))."))
    public var dataDir: String?

    public init() {}

    /// The data directory these options name in `environment`: `--data-dir`, else
    /// `$GLINT_DATA_DIR`, else ``GlintDataDirectory/defaultPath``.
    public func dataDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> GlintDataDirectory {
        GlintDataDirectory(path: dataDir ?? environment.setting(Self.dataDirectoryVariable) ?? GlintDataDirectory.defaultPath)
    }

    /// The data directory these options name in this process's environment.
    public var dataDirectory: GlintDataDirectory { dataDirectory() }

    /// The job store these options name in `environment`. A PostgreSQL URL without a password
    /// takes one from `$PGPASSWORD` or the password file, as libpq does (``PostgresPassword``).
    /// - Throws: `JobQueueError` when the location does not parse, or the password file is unsafe.
    public func location(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> JobStoreLocation {
        guard let store = store ?? environment.setting(Self.storeVariable) else {
            return dataDirectory(environment: environment).defaultStoreLocation
        }
        switch try JobStoreLocation(parsing: store) {
        case .postgres(let url): return .postgres(url: try PostgresPassword.completing(url, environment: environment))
        case let location: return location
        }
    }

    /// Opens the data directory, the blob store and the job store for `body`, and closes the
    /// store afterwards.
    public func withStores<R: Sendable>(
        logger: Logger = Logger(label: "glint.jobs"),
        _ body: (any JobStore, FileBlobStore, GlintDataDirectory) async throws -> R
    ) async throws -> R {
        let data = dataDirectory
        try data.create()
        let blobs = try FileBlobStore(directory: data.blobs)
        return try await withJobStore(try location(), logger: logger) { store in
            try await body(store, blobs, data)
        }
    }
}
