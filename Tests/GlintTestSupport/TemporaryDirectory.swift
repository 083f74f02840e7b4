import Foundation

/// A fresh, uniquely named directory under the system temporary directory, for one test.
///
/// Call ``remove()`` when done, usually straight away in a `defer`; that also keeps the value
/// alive until the end of the scope. The directory is removed on deinitialisation as well, in
/// case a test leaves early.
///
/// ```swift
/// let directory = try TemporaryDirectory()
/// defer { directory.remove() }
/// try data.write(to: directory.file("input.jpg"))
/// ```
public final class TemporaryDirectory: Sendable {
    /// The directory.
    public let url: URL
    /// The directory's path.
    public var path: String { url.path }

    /// Creates `<temporary directory>/<label>-<UUID>`.
    public init(_ label: String = "glint-tests") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { remove() }

    /// Deletes the directory and everything in it (nothing happens if it is already gone).
    public func remove() {
        try? FileManager.default.removeItem(at: url)
    }

    /// `url/name`.
    public func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// Creates (if needed) and returns the subdirectory `name`.
    public func subdirectory(_ name: String) throws -> URL {
        let directory = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// Every file (not folder) below `folder`, hidden ones included, as paths relative to it, sorted.
    public static func files(below folder: String) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: folder)
        var files: [String] = []
        while let name = enumerator?.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder + "/" + name, isDirectory: &isFolder), !isFolder.boolValue { files.append(name) }
        }
        return files.sorted()
    }

    /// Every entry in `directory`, hidden ones included, searched recursively, sorted.
    public static func contents(of directory: URL) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: directory.path) else { return [] }
        return (enumerator.allObjects as? [String] ?? []).sorted()
    }
}
