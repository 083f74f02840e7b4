import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file opened for reading at arbitrary offsets (`pread`), owning its descriptor.
///
/// Reads are positional, so one instance may be shared by readers that do not coordinate.
public final class RandomAccessFile: @unchecked Sendable {
    /// The path the file was opened from, used in error messages.
    public let path: String
    /// The file size in bytes at the time it was opened (the window's length for a window).
    public let size: Int64
    /// Where byte 0 of this file lies in the file on disk (non-zero for a window).
    public let baseOffset: Int64
    private let descriptor: Int32
    private let reads = Atomic<Int>(0)
    private let bytes = Atomic<Int64>(0)

    /// How many reads (``read(at:count:)``, ``readAll(limit:)``) were made of this file so far: what
    /// a test bounds a parser by (a hostile header costs a few small reads, never one per byte it
    /// claims). A window opened on the same path counts its own.
    public var readCount: Int { reads.load(ordering: .relaxed) }

    /// How many bytes those reads returned.
    public var bytesRead: Int64 { bytes.load(ordering: .relaxed) }

    /// Opens `path` for reading.
    /// - Throws: ``MediaError`` `.notFound` or `.unreadable`.
    public init(path: String) throws {
        self.path = path
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            throw MediaError(
                code == ENOENT ? .notFound : .unreadable, file: path,
                code == ENOENT ? "no such file" : "cannot open: \(String(cString: strerror(code)))")
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            close(fd)
            throw MediaError(.unreadable, file: path, "cannot read file status")
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw MediaError(.unreadable, file: path, "not a regular file")
        }
        descriptor = fd
        size = Int64(info.st_size)
        baseOffset = 0
    }

    /// Opens `length` bytes of `path` from `offset` as a file of their own: reads at offset 0
    /// read the byte at `offset` (for a movie embedded in a photo).
    /// - Throws: ``MediaError`` `.notFound`, `.unreadable`, or `.truncated` when the window
    ///   runs past the end of the file.
    public init(path: String, offset: Int64, length: Int64) throws {
        let whole = try RandomAccessFile(path: path)
        guard offset >= 0, length >= 0, offset <= whole.size, length <= whole.size - offset else {
            throw MediaError(.truncated, file: path, "needs \(length) bytes at offset \(offset) but the file has \(whole.size)")
        }
        let fd = dup(whole.descriptor)
        guard fd >= 0 else { throw MediaError(.unreadable, file: path, "cannot open: \(String(cString: strerror(errno)))") }
        self.path = path
        descriptor = fd
        size = length
        baseOffset = offset
    }

    deinit { close(descriptor) }

    /// Reads exactly `count` bytes at `offset`.
    /// - Throws: ``MediaError`` `.truncated` when the file ends first.
    public func read(at offset: Int64, count: Int) throws -> [UInt8] {
        guard count >= 0, offset >= 0, offset <= size, Int64(count) <= size - offset else {
            throw MediaError(.truncated, file: path, "needs \(count) bytes at offset \(offset) but the file has \(size)")
        }
        reads.wrappingAdd(1, ordering: .relaxed)
        bytes.wrappingAdd(Int64(count), ordering: .relaxed)
        var buffer = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let n = buffer.withUnsafeMutableBytes { raw in
                pread(descriptor, raw.baseAddress! + done, count - done, off_t(baseOffset + offset) + off_t(done))
            }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw MediaError(.unreadable, file: path, "read failed at offset \(offset + Int64(done))") }
            done += n
        }
        return buffer
    }

    /// Reads the whole file (for small files such as stills).
    /// - Parameter limit: The largest size accepted.
    public func readAll(limit: Int64 = 1 << 30) throws -> [UInt8] {
        guard size <= limit else { throw MediaError(.tooLarge, file: path, "file is \(size) bytes, over the \(limit)-byte limit") }
        return try read(at: 0, count: Int(size))
    }
}
