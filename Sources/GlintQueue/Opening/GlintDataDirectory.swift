import Foundation
import GlintCore

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

    /// Creates the directory and its `blobs` folder when missing, owner-only (0700: nobody else
    /// can list or open what is inside, whatever the modes of the files), and takes group and
    /// other permissions away from the directory when it exists with them (a directory made by an
    /// older Glint, under umask 022). Returns the mode the directory had when it was tightened, so
    /// that the caller can say so; nil when it was created or already owner-only.
    @discardableResult
    public func create() throws -> mode_t? {
        do {
            try OwnerOnlyFiles.createDirectory(at: url)
            let loose = OwnerOnlyFiles.tighten(path: path)
            try OwnerOnlyFiles.createDirectory(at: blobs)
            return loose
        } catch {
            throw JobQueueError(.storeUnavailable, "data directory \(path): cannot create it: \(error.localizedDescription)")
        }
    }
}
