import Foundation

/// Where a Glint worker or server keeps its state. Blobs live under `<data>/blobs`, the default
/// SQLite queue is `<data>/queue.sqlite`, and attempts work in `<data>/work`. Which directory is
/// the caller's choice (`glint`'s `--data-dir`, else its environment variable, are resolved by
/// GlintOptions' `StoreOptions`): GlintQueue never reads the environment.
public struct GlintDataDirectory: Hashable, Sendable, CustomStringConvertible {
    /// The directory used when no one names another (`./glint-data`).
    public static let defaultPath = "./glint-data"

    public let url: URL

    public init(url: URL) {
        self.url = url.standardizedFileURL
    }

    /// The directory at `path` (relative to the current directory unless absolute), by default
    /// ``defaultPath``.
    public init(path: String = GlintDataDirectory.defaultPath) {
        self.init(url: URL(fileURLWithPath: path))
    }

    public var path: String { url.path }
    public var description: String { url.path }

    /// The content-addressed blobs.
    public var blobs: URL { url.appendingPathComponent("blobs") }

    /// The default store: `sqlite:<data>/queue.sqlite`.
    public var defaultStoreLocation: JobStoreLocation { .defaultLocation(dataDirectory: url.path) }

    /// Where a worker's attempts keep their input links and outputs (`<data>/work/<worker>`): on
    /// the same volume as the blobs, so outputs move into the blob store without a copy across devices.
    public func workDirectory(worker: String) -> URL {
        workRoot.appendingPathComponent(worker)
    }

    /// The folder of every worker's work folder (`<data>/work`).
    public var workRoot: URL { url.appendingPathComponent("work") }

    /// Creates the directory and its `blobs` folder when missing.
    public func create() throws {
        do {
            try FileManager.default.createDirectory(at: blobs, withIntermediateDirectories: true)
        } catch {
            throw JobQueueError(.storeUnavailable, "data directory \(path): cannot create it: \(error.localizedDescription)")
        }
    }
}
