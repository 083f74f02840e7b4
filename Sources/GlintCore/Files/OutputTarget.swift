import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a finished output goes, decided from what the destination path is now.
///
/// A new path, or an existing regular file, is replaced atomically: a temporary file beside it is
/// renamed over it. A symbolic link to a regular file replaces the file it points to (the link
/// stays). Anything else that exists is never replaced by a rename: standard output (`-`), a FIFO,
/// a character device or a socket, or a link to one (`/dev/stdout`), is written through once the
/// whole output is ready; a directory or a block device is refused.
public enum OutputTarget: Equatable, Sendable {
    /// The path a temporary file is renamed over.
    case replace(String)
    /// A path that is opened and written through, or standard output when nil.
    case writeThrough(String?)

    /// The destination that means standard output.
    public static let standardOutputName = "-"

    /// The target for `destination`.
    /// - Throws: ``MediaError`` (`invalidArgument`) naming the path when it is a directory or a
    ///   block device.
    public static func resolve(_ destination: String) throws -> OutputTarget {
        if destination == standardOutputName { return .writeThrough(nil) }
        var link = stat()
        guard lstat(destination, &link) == 0 else { return .replace(destination) }
        var target = stat()
        // A dangling link is replaced like a new file.
        guard stat(destination, &target) == 0 else { return .replace(destination) }
        switch target.st_mode & S_IFMT {
        case S_IFREG:
            guard link.st_mode & S_IFMT == S_IFLNK else { return .replace(destination) }
            // /proc's links name no path a rename could replace: write through them.
            guard let resolved = realpath(destination, nil) else { return .writeThrough(destination) }
            defer { free(resolved) }
            let path = String(cString: resolved)
            return path.hasPrefix("/proc/") ? .writeThrough(destination) : .replace(path)
        case S_IFDIR:
            throw MediaError(.invalidArgument, file: destination, "is a directory: name a file to write")
        case S_IFBLK:
            throw MediaError(.invalidArgument, file: destination, "is a block device: Glint does not write outputs to one")
        default:
            return .writeThrough(destination)
        }
    }

    /// The folder the temporary file is written in: beside a file that is replaced (so that the
    /// rename stays on one file system), the temporary folder otherwise.
    var temporaryDirectory: String {
        switch self {
        case .replace(let path): return URL(fileURLWithPath: path).deletingLastPathComponent().path
        case .writeThrough: return FileManager.default.temporaryDirectory.path
        }
    }

    /// Copies the finished temporary file at `source` to a write-through target.
    func writeThrough(from source: Int32, destination: String) throws {
        guard case .writeThrough(let path) = self else { return }
        let output = path.map { open($0, O_WRONLY | O_CLOEXEC) } ?? dup(STDOUT_FILENO)
        guard output >= 0 else {
            throw MediaError(.writeFailed, file: destination, "cannot open it for writing: \(String(cString: strerror(errno)))")
        }
        defer { close(output) }
        guard lseek(source, 0, SEEK_SET) == 0 else { throw MediaError(.writeFailed, file: destination, "cannot read the finished output back") }
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(source, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw MediaError(.writeFailed, file: destination, "cannot read the finished output back") }
            if count == 0 { return }
            try FileDescriptorWriting.writeAll(chunk[0..<count], to: output, destination: destination)
        }
    }
}

/// `write(2)` until every byte is written, retrying interrupted calls.
enum FileDescriptorWriting {
    static func writeAll(_ bytes: ArraySlice<UInt8>, to descriptor: Int32, destination: String) throws {
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { raw in write(descriptor, raw.baseAddress! + done, bytes.count - done) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw MediaError(.writeFailed, file: destination, "write failed: \(String(cString: strerror(errno)))") }
            done += n
        }
    }
}
