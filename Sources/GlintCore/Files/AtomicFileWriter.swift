import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a file so that readers see either nothing or the complete file.
///
/// Data goes to a hidden temporary file in the destination's directory; ``commit()`` flushes it,
/// fsyncs it and renames it over the destination. A writer that is dropped without committing
/// removes its temporary file, so a failure never leaves a half-written output.
public final class AtomicFileWriter {
    /// The final path.
    public let destination: String
    /// The temporary path being written.
    public let temporaryPath: String
    private var descriptor: Int32
    private var buffer: [UInt8] = []
    private let bufferLimit = 1 << 20
    /// Bytes written so far (the offset of the next byte).
    public private(set) var offset: Int64 = 0
    private var finished = false

    /// Creates the temporary file beside `destination`.
    public init(destination: String) throws {
        self.destination = destination
        let url = URL(fileURLWithPath: destination)
        let directory = url.deletingLastPathComponent().path
        temporaryPath = directory + "/." + url.lastPathComponent + ".glint-" + UUID().uuidString.prefix(8) + ".tmp"
        descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw MediaError(.writeFailed, file: destination, "cannot create a file in \(directory): \(String(cString: strerror(errno)))")
        }
    }

    deinit {
        if !finished {
            close(descriptor)
            unlink(temporaryPath)
        }
    }

    /// Appends bytes.
    public func write<C: Collection>(_ bytes: C) throws where C.Element == UInt8 {
        buffer.append(contentsOf: bytes)
        offset += Int64(bytes.count)
        if buffer.count >= bufferLimit { try flush() }
    }

    /// Overwrites bytes at an earlier offset (used to patch a size field).
    public func overwrite(_ bytes: [UInt8], at position: Int64) throws {
        try flush()
        let n = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, bytes.count, off_t(position)) }
        guard n == bytes.count else { throw failure("write failed") }
    }

    private func flush() throws {
        var done = 0
        while done < buffer.count {
            let n = buffer.withUnsafeBytes { raw in
                Glibc.write(descriptor, raw.baseAddress! + done, buffer.count - done)
            }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw failure("write failed: \(String(cString: strerror(errno)))") }
            done += n
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Flushes, fsyncs and renames the temporary file to the destination.
    public func commit() throws {
        try flush()
        guard fsync(descriptor) == 0 else { throw failure("fsync failed") }
        close(descriptor)
        finished = true
        guard rename(temporaryPath, destination) == 0 else {
            let message = String(cString: strerror(errno))
            unlink(temporaryPath)
            throw MediaError(.writeFailed, file: destination, "cannot move the finished file into place: \(message)")
        }
    }

    /// Abandons the output, removing the temporary file.
    public func discard() {
        guard !finished else { return }
        finished = true
        close(descriptor)
        unlink(temporaryPath)
    }

    private func failure(_ message: String) -> MediaError {
        MediaError(.writeFailed, file: destination, message)
    }

    /// Writes `bytes` to `path` atomically.
    public static func write(_ bytes: [UInt8], to path: String) throws {
        let writer = try AtomicFileWriter(destination: path)
        try writer.write(bytes)
        try writer.commit()
    }
}
