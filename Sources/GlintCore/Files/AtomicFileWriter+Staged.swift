#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension AtomicFileWriter {
    /// Writes the file at `path` to the disk (`fsync(2)`), as ``commit()`` does before its rename:
    /// how files written below ``stagingFolder`` are made durable before they move into place.
    /// - Throws: ``MediaError`` naming the file when it cannot be opened or synced.
    public static func sync(_ path: String) throws {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw MediaError(.writeFailed, file: path, "cannot open it to sync it: \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw MediaError(.writeFailed, file: path, "fsync failed: \(String(cString: strerror(errno)))") }
    }

    /// Writes every file of `paths` to the disk: with several, one `syncfs(2)` of the file system
    /// holding `folder` (where they all are), which costs the disk one flush for all of them where
    /// an `fsync(2)` each costs one per file; with one, or where `syncfs` is missing, an `fsync` each.
    /// - Throws: ``MediaError`` naming the folder or the file that could not be synced.
    public static func sync(_ paths: [String], onFileSystemOf folder: String) throws {
        guard paths.count > 1, let syncfs = FileSystemSync.syncfs else {
            for path in paths { try sync(path) }
            return
        }
        let descriptor = open(folder, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw MediaError(.writeFailed, file: folder, "cannot open it to sync it: \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        guard syncfs(descriptor) == 0 else { throw MediaError(.writeFailed, file: folder, "syncfs failed: \(String(cString: strerror(errno)))") }
    }

    /// Below ``stagingFolder``: replaces the contents of the regular file at `path` with `bytes` where it
    /// is, when it is a file of its own (not a link, one name only: never an input linked into the
    /// folder); returns false, changing nothing, for anything else.
    /// - Throws: ``MediaError`` naming the file when the write fails part-way (the file is then
    ///   partial, which a staging folder allows).
    static func rewriteInPlace(_ bytes: [UInt8], at path: String) throws -> Bool {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_nlink == 1 else { return false }
        guard ftruncate(descriptor, 0) == 0 else {
            throw MediaError(.writeFailed, file: path, "cannot rewrite it: \(String(cString: strerror(errno)))")
        }
        try FileDescriptorWriting.writeAll(bytes[...], to: descriptor, destination: path)
        return true
    }
}

/// `syncfs(2)`, looked up in the C library when first used: Glibc's Swift module leaves it out (it
/// is declared only for `_GNU_SOURCE`), and a module of its own for one function is not worth it.
private enum FileSystemSync {
    typealias Function = @convention(c) (Int32) -> Int32

    static let syncfs: Function? = {
        #if os(Linux)
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "syncfs") else { return nil }
            return unsafeBitCast(symbol, to: Function.self)
        #else
            return nil
        #endif
    }()
}
