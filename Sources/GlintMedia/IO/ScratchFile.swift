import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An anonymous temporary file for data that is written once and read back (an MP4 writer's
/// media data before its `moov` is known).
///
/// The file is created in a given directory and unlinked at once, so it disappears when the
/// object is released or the process ends, whatever happens; nothing is ever left behind.
/// Appends are buffered; reads see everything appended so far.
public final class ScratchFile {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private let bufferLimit = 1 << 20
    /// Bytes appended so far.
    public private(set) var size: Int64 = 0

    /// Creates the file in `directory` (the destination's directory keeps it on the same disk).
    /// - Throws: ``MediaError`` `.writeFailed` when the directory is not writable.
    public init(directory: String) throws {
        let path = directory + "/.glint-scratch-" + UUID().uuidString.prefix(8) + ".tmp"
        let fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw MediaError(.writeFailed, file: directory, "cannot create a scratch file: \(String(cString: strerror(errno)))")
        }
        unlink(path)
        descriptor = fd
    }

    deinit { close(descriptor) }

    /// Appends bytes.
    /// - Returns: The offset of the first appended byte.
    @discardableResult
    public func append<C: Collection>(_ bytes: C) throws -> Int64 where C.Element == UInt8 {
        let offset = size
        buffer.append(contentsOf: bytes)
        size += Int64(bytes.count)
        if buffer.count >= bufferLimit { try flush() }
        return offset
    }

    /// Reads `count` bytes at `offset`.
    public func read(at offset: Int64, count: Int) throws -> [UInt8] {
        try flush()
        guard offset >= 0, count >= 0, offset + Int64(count) <= size else {
            throw MediaError(.invalidArgument, "scratch read \(offset)..<\(offset + Int64(count)) is outside its \(size) bytes")
        }
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let n = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + done, count - done, off_t(offset) + off_t(done)) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw MediaError(.writeFailed, "cannot read back the scratch file: \(String(cString: strerror(errno)))") }
            done += n
        }
        return bytes
    }

    /// Copies everything appended into `writer`, in pieces of at most 4 MiB.
    public func copy(to writer: AtomicFileWriter) throws {
        var offset: Int64 = 0
        while offset < size {
            let count = Int(min(size - offset, 4 << 20))
            try writer.write(try read(at: offset, count: count))
            offset += Int64(count)
        }
    }

    private func flush() throws {
        var done = 0
        while done < buffer.count {
            let n = buffer.withUnsafeBytes { write(descriptor, $0.baseAddress! + done, buffer.count - done) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw MediaError(.writeFailed, "cannot write the scratch file: \(String(cString: strerror(errno)))") }
            done += n
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
