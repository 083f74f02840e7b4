import Crypto
import Foundation
import GlintCore

#if canImport(Glibc)
    import Glibc
#endif

/// A blob being written: a temporary file inside the store (owner-only from its creation) that is
/// hashed (SHA-256) as bytes are appended, then fsynced, made read-only and renamed onto its
/// content address. Until ``publish()`` succeeds the temporary file is the only thing on disk;
/// ``discard()``, or dropping a staged blob that was not published, removes it.
///
/// The one writer of blobs: `FileBlobStore.put` and the server's streamed uploads (``BlobUpload``)
/// both write through it. Its calls block on the disk; one thread uses it at a time.
public final class StagedBlob: @unchecked Sendable {
    let temporaryPath: String
    /// Open until `publish` closes it; -1 afterwards.
    private var descriptor: Int32
    private var hasher = SHA256()
    /// The store the blob goes into.
    private let store: FileBlobStore
    /// Names the store in error messages.
    private var storeName: String { store.directory.path }
    /// The bytes appended so far.
    public private(set) var size: Int64 = 0

    /// Creates the temporary file in `store`'s `tmp/` folder.
    /// - Throws: `JobQueueError(.blob)` naming the file when it cannot be created.
    public init(in store: FileBlobStore) throws(JobQueueError) {
        self.store = store
        temporaryPath = store.temporaryDirectory.appendingPathComponent("\(UUID().uuidString).partial").path
        descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, OwnerOnlyFiles.fileMode)
        guard descriptor >= 0 else {
            throw JobQueueError(.blob, "blob store \(storeName): cannot create the temporary file \(temporaryPath): \(Self.systemError())")
        }
    }

    /// Hashes and writes the bytes.
    /// - Throws: `JobQueueError(.blob)` naming the file when it cannot be written.
    public func append(_ bytes: UnsafeRawBufferPointer) throws(JobQueueError) {
        guard descriptor >= 0 else { throw JobQueueError(.blob, "blob store \(storeName): \(temporaryPath) is already published or discarded") }
        size += Int64(bytes.count)
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
    /// the store's address for its hash; when a blob with that hash is already there, that file is
    /// touched instead (its modification time is its latest put, which blob retention reads) and
    /// the temporary file removed. Returns the id.
    /// - Throws: `JobQueueError(.blob)` naming what could not be flushed, created or moved.
    public func publish() throws(JobQueueError) -> BlobID {
        guard descriptor >= 0 else { throw JobQueueError(.blob, "blob store \(storeName): \(temporaryPath) is already published or discarded") }
        let descriptor = self.descriptor
        self.descriptor = -1
        let path = temporaryPath
        let name = storeName
        let digest = hasher.finalize()
        _ = fchmod(descriptor, OwnerOnlyFiles.readOnlyFileMode)
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
            try OwnerOnlyFiles.createDirectory(at: shard)
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
    public func discard() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        unlink(temporaryPath)
    }

    deinit { discard() }

    static func systemError() -> String { String(cString: strerror(errno)) }
}
