import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a file so that readers see either nothing or the complete file.
///
/// Data goes to a hidden temporary file; ``commit()`` flushes it, fsyncs it and renames it over the
/// destination. A writer that is dropped without committing removes its temporary file, so a
/// failure never leaves a half-written output. A destination that must not be replaced by a
/// rename (standard output as `-`, a FIFO, a device, a link to one: see ``OutputTarget``) gets the
/// finished bytes written through it at ``commit()``.
///
/// Inside a private staging folder (``stagingFolder``) the guarantees move to whoever moves the
/// folder's files into place.
public final class AtomicFileWriter {
    /// A folder no one else reads (a library run's item folder), whose files are synced
    /// (``sync(_:)``) and moved into place later, and which is removed whole when its work fails;
    /// nil unless bound. A file written below it is written under its own name when new, rewritten
    /// in place when it exists and ``write(_:to:)`` has all its bytes, and never fsynced: a failed
    /// write may leave a partial file there. Files anywhere else are written as always.
    @TaskLocal public static var stagingFolder: String?

    /// Whether `path` is below ``stagingFolder``.
    static func isStaged(_ path: String) -> Bool {
        guard let folder = stagingFolder, !folder.isEmpty else { return false }
        return path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/") && !path.contains("/../")
    }

    /// The final path (`-` for standard output).
    public let destination: String
    /// Where the finished output goes.
    public let target: OutputTarget
    /// The temporary path being written (the destination itself, new, below ``stagingFolder``).
    public let temporaryPath: String
    private var descriptor: Int32
    /// Whether the destination is below ``stagingFolder`` (no fsync at ``commit()``).
    private let staged: Bool
    private var buffer: [UInt8] = []
    private let bufferLimit = 1 << 20
    /// Bytes written so far (the offset of the next byte).
    public private(set) var offset: Int64 = 0
    private var finished = false

    /// Creates the temporary file: beside `destination` when it is replaced, in the temporary
    /// folder when it is written through.
    /// - Throws: ``MediaError`` naming `destination` when it is a directory or a block device, or
    ///   when no file can be created.
    public init(destination: String) throws {
        self.destination = destination
        target = try OutputTarget.resolve(destination)
        let directory = target.temporaryDirectory
        let name = destination == OutputTarget.standardOutputName ? "stdout" : (destination as NSString).lastPathComponent
        if case .replace(let path) = target { staged = Self.isStaged(path) } else { staged = false }
        if staged, case .replace(let path) = target {
            // A new file in a private folder is written under its own name: no temporary beside it.
            descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
            if descriptor >= 0 {
                temporaryPath = path
                return
            }
        }
        temporaryPath = directory + "/." + name + ".glint-" + Self.randomTag() + ".tmp"
        descriptor = open(temporaryPath, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw MediaError(.writeFailed, file: destination, "cannot create a file in \(directory): \(String(cString: strerror(errno)))")
        }
    }

    /// Eight random hexadecimal digits (from `getrandom(2)`: no file is opened for them, as
    /// `UUID()` opens `/dev/urandom`).
    static func randomTag() -> String {
        let digits = String(UInt32.random(in: .min ... .max), radix: 16, uppercase: true)
        return String(repeating: "0", count: 8 - digits.count) + digits
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
        try FileDescriptorWriting.writeAll(buffer[...], to: descriptor, destination: destination)
        buffer.removeAll(keepingCapacity: true)
    }

    /// Flushes and fsyncs the temporary file, then renames it over the destination, or writes it
    /// through the destination (``OutputTarget``).
    public func commit() throws {
        try flush()
        guard staged || fsync(descriptor) == 0 else { throw failure("fsync failed") }
        finished = true
        defer { close(descriptor) }
        switch target {
        case .replace(let path) where path == temporaryPath:
            return
        case .replace(let path):
            guard rename(temporaryPath, path) == 0 else {
                let message = String(cString: strerror(errno))
                unlink(temporaryPath)
                throw MediaError(.writeFailed, file: destination, "cannot move the finished file into place: \(message)")
            }
        case .writeThrough:
            defer { unlink(temporaryPath) }
            try target.writeThrough(from: descriptor, destination: destination)
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

    /// Copies the file at `source` to `destination` (as ``init(destination:)`` writes), streaming it
    /// in 1 MiB chunks; returns the number of bytes copied.
    /// - Throws: ``MediaError`` naming `source` when it cannot be read, or `destination`.
    @discardableResult
    public static func copy(contentsOf source: String, to destination: String) throws -> Int64 {
        guard let input = FileHandle(forReadingAtPath: source) else {
            throw MediaError(.unreadable, file: source, "cannot be opened for reading")
        }
        defer { try? input.close() }
        let writer = try AtomicFileWriter(destination: destination)
        while let chunk = try input.read(upToCount: 1 << 20), !chunk.isEmpty {
            try writer.write(chunk)
        }
        try writer.commit()
        return writer.offset
    }

    /// Writes `bytes` to `path` atomically.
    public static func write(_ bytes: [UInt8], to path: String) throws {
        if isStaged(path), try rewriteInPlace(bytes, at: path) { return }
        let writer = try AtomicFileWriter(destination: path)
        try writer.write(bytes)
        try writer.commit()
    }
}
