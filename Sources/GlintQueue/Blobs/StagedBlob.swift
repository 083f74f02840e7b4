import Crypto
import Foundation
import GlintCore

#if canImport(Glibc)
    import Glibc
#endif

/// A blob being written: a temporary file inside the store that is hashed (SHA-256) as bytes are
/// appended, then fsynced and renamed onto its content address. Until `publish` succeeds the
/// temporary file is the only thing on disk; dropping a staged blob that was not published
/// removes it.
final class StagedBlob {
    let temporaryPath: String
    /// Open until `publish` closes it; -1 afterwards.
    private var descriptor: Int32
    private var hasher = SHA256()
    /// Names the store in error messages.
    private let storeName: String

    init(in temporaryDirectory: URL, storeName: String) throws(JobQueueError) {
        self.storeName = storeName
        temporaryPath = temporaryDirectory.appendingPathComponent("\(UUID().uuidString).partial").path
        descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw JobQueueError(.blob, "blob store \(storeName): cannot create the temporary file \(temporaryPath): \(Self.systemError())")
        }
    }

    /// Hashes and writes the bytes.
    func append(_ bytes: UnsafeRawBufferPointer) throws(JobQueueError) {
        hasher.update(bufferPointer: bytes)
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw JobQueueError(.blob, "blob store \(storeName): cannot write \(temporaryPath): \(Self.systemError())")
            }
            offset += written
        }
    }

    /// Flushes the file to disk, makes it read-only (a blob never changes: a runner reading it as
    /// its input cannot write to it, unless it runs with the capabilities of root) and moves it onto
    /// `store`'s address for its hash; when a blob with that hash is already there the temporary
    /// file is removed instead. Returns the id.
    func publish(into store: FileBlobStore) throws(JobQueueError) -> BlobID {
        let descriptor = self.descriptor
        self.descriptor = -1
        let path = temporaryPath
        let name = storeName
        let digest = hasher.finalize()
        _ = fchmod(descriptor, 0o444)
        guard fsync(descriptor) == 0 else {
            let problem = Self.systemError()
            close(descriptor)
            throw JobQueueError(.blob, "blob store \(name): cannot flush \(path) to disk: \(problem)")
        }
        guard close(descriptor) == 0 else {
            throw JobQueueError(.blob, "blob store \(name): cannot close \(path): \(Self.systemError())")
        }
        let hex = LowercaseHex.string(digest)
        guard let id = BlobID(hex) else { throw JobQueueError(.blob, "blob store \(name): SHA-256 gave '\(hex)'") }
        let destination = store.url(for: id)
        let shard = destination.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: shard, withIntermediateDirectories: true)
        } catch {
            throw JobQueueError(.blob, "blob store \(name): cannot create the directory \(shard.path): \(error.localizedDescription)")
        }
        // Bytes already stored: the existing file is touched instead (its modification time is its
        // latest put, which blob retention reads), or written anew if retention just removed it.
        if utimensat(AT_FDCWD, destination.path, nil, 0) == 0 || (errno != ENOENT && access(destination.path, F_OK) == 0) { return id }
        guard rename(path, destination.path) == 0 else {
            throw JobQueueError(.blob, "blob store \(name): cannot move \(path) to \(destination.path): \(Self.systemError())")
        }
        // The rename is durable once the directory that holds the new name is flushed.
        let directory = open(shard.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else {
            throw JobQueueError(.blob, "blob store \(name): cannot open \(shard.path) to flush it: \(Self.systemError())")
        }
        defer { close(directory) }
        guard fsync(directory) == 0 else {
            throw JobQueueError(.blob, "blob store \(name): cannot flush the directory \(shard.path): \(Self.systemError())")
        }
        return id
    }

    /// Closes the file if still open and removes the temporary name (a no-op once renamed, or when
    /// another put renamed a file onto the same temporary name, which UUIDs rule out).
    deinit {
        if descriptor >= 0 { close(descriptor) }
        unlink(temporaryPath)
    }

    static func systemError() -> String { String(cString: strerror(errno)) }
}
