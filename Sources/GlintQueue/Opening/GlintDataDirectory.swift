import Foundation

/// Where a Glint worker or server keeps its state: `--data-dir`, else `$GLINT_DATA_DIR`, else
/// `./glint-data`. Blobs live under `<data>/blobs`, the default SQLite queue is
/// `<data>/queue.sqlite`, and attempts work in `<data>/work`.
public struct GlintDataDirectory: Hashable, Sendable, CustomStringConvertible {
    /// The environment variable naming the data directory.
    public static let environmentVariable = "GLINT_DATA_DIR"
    /// The directory used when neither an option nor the environment names one.
    public static let defaultPath = "./glint-data"

    public let url: URL

    public init(url: URL) {
        self.url = url.standardizedFileURL
    }

    /// The option's directory, else the environment's, else ``defaultPath``.
    public init(option: String?, environment: [String: String] = ProcessInfo.processInfo.environment) {
        let path = option ?? environment[Self.environmentVariable].flatMap { $0.isEmpty ? nil : $0 } ?? Self.defaultPath
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
