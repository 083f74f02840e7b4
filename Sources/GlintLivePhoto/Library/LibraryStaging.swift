import Foundation
import GlintMedia

#if canImport(Glibc)
    import Glibc
#endif

/// Where a library run writes before an item is complete: a hidden folder beside the output
/// folder (`.<out name>.glint-staging-<pid>-<random>`), on the same disk, so that a finished file
/// moves under the output folder by a rename and a run killed at any moment (SIGKILL included)
/// leaves nothing partial or temporary under it. Staging folders of runs that died are removed by
/// the next run into the same output folder.
public struct LibraryStaging: Sendable {
    /// The output folder, absolute.
    public let output: String
    /// The staging folder.
    public let root: String
    /// Item folders free for the next item.
    private let folders = FolderPool()

    /// Creates the output folder and a staging folder beside it, and removes staging folders
    /// that runs no longer alive left there.
    /// - Throws: ``MediaError`` `.writeFailed` when either cannot be created.
    public init(output: String) throws {
        let absolute = URL(fileURLWithPath: output).standardizedFileURL.path
        guard absolute != "/" else {
            throw MediaError(.invalidArgument, file: output, "the root folder cannot be the output folder of a library run")
        }
        self.output = absolute
        let parent = (absolute as NSString).deletingLastPathComponent
        let prefix = Self.prefix(for: absolute)
        Self.removeAbandoned(in: parent, prefix: prefix)
        root = (parent as NSString).appendingPathComponent("\(prefix)\(getpid())-\(UUID().uuidString.prefix(8))")
        do {
            try FileManager.default.createDirectory(atPath: absolute, withIntermediateDirectories: true)
        } catch {
            throw MediaError(.writeFailed, file: output, "cannot create the output folder")
        }
        guard mkdir(root, 0o700) == 0 else {
            throw MediaError(
                .writeFailed, file: parent,
                "cannot create a staging folder beside the output folder (\(String(cString: strerror(errno)))): a library run needs its parent to be writable")
        }
    }

    /// An empty folder of its own inside the staging folder, for one item: one that an earlier
    /// item gave back empty, or a new one (a run makes about one folder per job and group of items
    /// waiting to be committed, not one per item).
    public func takeItemFolder() throws -> String {
        try folders.take() ?? newItemFolder()
    }

    /// Gives back an item's folder: kept for the next item when empty, removed otherwise (an item
    /// that failed, or left something behind).
    public func giveBack(itemFolder folder: String) {
        if Self.isEmptyFolder(folder) { folders.give(folder) } else { try? FileManager.default.removeItem(atPath: folder) }
    }

    /// A new folder inside the staging folder.
    private func newItemFolder() throws -> String {
        let folder = (root as NSString).appendingPathComponent(String(folders.nextNumber()))
        guard mkdir(folder, 0o700) == 0 else {
            throw MediaError(.writeFailed, file: folder, "cannot create a staging folder: \(String(cString: strerror(errno)))")
        }
        return folder
    }

    /// Whether `folder` has nothing in it (read, not removed: a removed folder would be made again).
    static func isEmptyFolder(_ folder: String) -> Bool {
        guard let directory = opendir(folder) else { return false }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
            if name != "." && name != ".." { return false }
        }
        return true
    }

    /// Moves the finished file `staged` to `destination` under the output folder, creating its
    /// folder: a rename, so the file appears whole or not at all. Across disks (an output folder
    /// that is a mount point) it is copied atomically instead.
    public func commit(_ staged: String, to destination: String) throws {
        // The folder is created only when the rename finds it missing (once per folder of a run).
        if rename(staged, destination) == 0 { return }
        if errno == ENOENT {
            let folder = (destination as NSString).deletingLastPathComponent
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw MediaError(.writeFailed, file: folder, "cannot create the output folder")
            }
            if rename(staged, destination) == 0 { return }
        }
        guard errno == EXDEV else {
            throw MediaError(.writeFailed, file: destination, "cannot move the finished file into place: \(String(cString: strerror(errno)))")
        }
        try ExportJob.copy(staged, to: destination)
        try? FileManager.default.removeItem(atPath: staged)
    }

    /// `error`, naming `input` instead of a file inside the staging folder (an intermediate file
    /// the user never named).
    public func naming(_ input: String, in error: Error) -> Error {
        guard let media = error as? MediaError, let file = media.file, file.hasPrefix(root + "/") else { return error }
        return MediaError(media.kind, file: input, media.problem)
    }

    /// Removes the staging folder and everything in it.
    public func remove() {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// `.<out name>.glint-staging-`.
    static func prefix(for output: String) -> String {
        "." + (output as NSString).lastPathComponent + ".glint-staging-"
    }

    /// Removes the staging folders in `parent` whose run (the process in their name) is gone.
    static func removeAbandoned(in parent: String, prefix: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: parent) else { return }
        for name in names where name.hasPrefix(prefix) {
            let pid = name.dropFirst(prefix.count).split(separator: "-").first.flatMap { Int32($0) }
            guard let pid, pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            try? FileManager.default.removeItem(atPath: (parent as NSString).appendingPathComponent(name))
        }
    }
}

/// The empty item folders of a run, handed from one item to the next (under a lock).
private final class FolderPool: @unchecked Sendable {
    private let lock = NSLock()
    private var free: [String] = []
    private var made = 0

    /// A free folder, or nil when every folder made is in use.
    func take() -> String? { lock.withLock { free.popLast() } }

    /// Gives back an empty folder.
    func give(_ folder: String) { lock.withLock { free.append(folder) } }

    /// A number no folder of the run has had.
    func nextNumber() -> Int {
        lock.withLock {
            made += 1
            return made
        }
    }
}
