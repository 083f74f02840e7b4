import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Files and folders only their owner may read: the data of `glint serve` and `glint worker`
/// (blobs, SQLite stores, the server secret, work folders). Each is created with its final mode
/// from the start (`mkdir`/`open` with the mode, never a wider mode changed afterwards), so no
/// other user can open it in between; the process's umask can only narrow these modes further.
public enum OwnerOnlyFiles {
    /// `rwx------`.
    public static let directoryMode: mode_t = 0o700
    /// `rw-------`.
    public static let fileMode: mode_t = 0o600
    /// `r--------`: a file that never changes once written (a blob).
    public static let readOnlyFileMode: mode_t = 0o400
    /// The umask that makes whatever else the process creates owner-only too.
    public static let processUmask: mode_t = 0o077

    /// Sets this process's umask to ``processUmask`` (`glint serve`, `worker` and `keys` call it first, so
    /// that files made by libraries, SQLite's journals, and the outputs of jobs are owner-only too).
    public static func restrictUmask() {
        _ = umask(processUmask)
    }

    /// Creates the folder at `url` and any missing parent, each with ``directoryMode``; one that
    /// exists is left as it is.
    /// - Throws: `CocoaError(.fileWriteUnknown)` naming the path and the system's reason.
    public static func createDirectory(at url: URL) throws {
        var missing: [String] = []
        var path = url.standardizedFileURL.path
        while !path.isEmpty, path != "/", access(path, F_OK) != 0 {
            missing.append(path)
            path = (path as NSString).deletingLastPathComponent
        }
        for folder in missing.reversed() where mkdir(folder, directoryMode) != 0 && errno != EEXIST {
            throw failure(folder)
        }
    }

    /// Readies a SQLite database file before SQLite opens it: creates it empty with ``fileMode``
    /// when none is there (SQLite then opens it as it is, and gives its `-wal` and `-shm` files the
    /// same mode), and narrows it and its `-wal` and `-shm` to owner-only when they exist with
    /// wider modes (made by an older Glint).
    /// - Throws: `CocoaError(.fileWriteUnknown)` naming the path and the system's reason.
    public static func prepareDatabaseFile(atPath path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, fileMode)
        if descriptor >= 0 {
            close(descriptor)
        } else if errno != EEXIST {
            throw failure(path)
        }
        for file in [path, path + "-wal", path + "-shm"] { tighten(path: file) }
    }

    /// Takes group and other permissions away from the file or folder at `path` when it has any
    /// (a data directory made by an older Glint, or by hand). Returns the mode it had when it was
    /// changed, nil when it was already owner-only, is missing, or belongs to another user.
    @discardableResult
    public static func tighten(path: String) -> mode_t? {
        var status = stat()
        guard stat(path, &status) == 0, status.st_uid == getuid() else { return nil }
        let permissions = status.st_mode & 0o7777
        guard permissions & 0o077 != 0 else { return nil }
        return chmod(path, permissions & ~0o077) == 0 ? permissions : nil
    }

    /// The permission bits of the file or folder at `path`; nil when it is missing.
    public static func mode(ofPath path: String) -> mode_t? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return status.st_mode & 0o7777
    }

    private static func failure(_ path: String) -> CocoaError {
        CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path, NSLocalizedDescriptionKey: "\(path): \(String(cString: strerror(errno)))"])
    }
}
