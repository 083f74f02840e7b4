import Crypto
import Foundation
import GlintCore
import GlintQueue
import NIOCore
import NIOPosix

#if canImport(Glibc)
    import Glibc
#endif

/// An upload being written into a `FileBlobStore`: a temporary file in the store's `tmp/` folder,
/// hashed (SHA-256) as chunks arrive, then fsynced and renamed onto its content address.
///
/// The file work (writes, which can wait for writeback, and the fsync) runs on NIO's blocking
/// thread pool, never on the cooperative pool the API answers on: chunks are gathered up to
/// ``flushBytes`` and hashed and written there together.
///
/// Until ``publish()`` succeeds the temporary file is all there is; ``discard()`` (or dropping the
/// staging) removes it, so an upload that is too large or cut off leaves nothing behind. One task
/// uses it at a time (the upload's), which awaits each step it hands to the thread pool.
final class BlobUploadStaging: @unchecked Sendable {
    let temporaryPath: String
    private var descriptor: Int32
    private var hasher = SHA256()
    private var pending = ByteBuffer()
    /// The bytes appended so far, written or not.
    private(set) var size: Int64 = 0
    private let blobs: FileBlobStore
    /// How many bytes are gathered before they are written.
    static let flushBytes = 1 << 20

    init(blobs: FileBlobStore) throws {
        self.blobs = blobs
        let folder = blobs.directory.appendingPathComponent("tmp", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        temporaryPath = folder.appendingPathComponent("upload-\(UUID().uuidString).partial").path
        descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw ServerStoreError("cannot create \(temporaryPath): \(Self.systemError())") }
    }

    /// Adds one chunk; writes what has gathered once it reaches ``flushBytes``.
    func append(_ buffer: ByteBuffer) async throws {
        var buffer = buffer
        size += Int64(buffer.readableBytes)
        pending.writeBuffer(&buffer)
        if pending.readableBytes >= Self.flushBytes { try await flush() }
    }

    /// Hashes and writes what has gathered, on the thread pool.
    private func flush() async throws {
        guard pending.readableBytes > 0 else { return }
        let chunk = pending
        pending = ByteBuffer()
        try await NIOThreadPool.singleton.runIfActive { try self.write(chunk) }
    }

    /// Hashes and writes `buffer` (on the thread pool).
    private func write(_ buffer: ByteBuffer) throws {
        try buffer.withUnsafeReadableBytes { bytes in
            hasher.update(bufferPointer: bytes)
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw ServerStoreError("cannot write \(temporaryPath): \(Self.systemError())")
                }
                offset += written
            }
        }
    }

    /// Writes what is left, flushes the file and moves it onto its address (or removes it when the
    /// blob is already stored), on the thread pool. Returns the blob's id.
    func publish() async throws -> BlobID {
        try await flush()
        return try await NIOThreadPool.singleton.runIfActive { try self.publishHere() }
    }

    private func publishHere() throws -> BlobID {
        guard fsync(descriptor) == 0 else { throw ServerStoreError("cannot flush \(temporaryPath): \(Self.systemError())") }
        close(descriptor)
        descriptor = -1
        let hex = LowercaseHex.string(Array(hasher.finalize()))
        guard let id = BlobID(hex) else { throw ServerStoreError("SHA-256 gave '\(hex)'") }
        let destination = blobs.url(for: id)
        try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
        if access(destination.path, F_OK) == 0 {
            unlink(temporaryPath)
            return id
        }
        guard rename(temporaryPath, destination.path) == 0 else {
            throw ServerStoreError("cannot move \(temporaryPath) to \(destination.path): \(Self.systemError())")
        }
        let directory = open(destination.deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directory >= 0 {
            fsync(directory)
            close(directory)
        }
        return id
    }

    /// Closes and removes the temporary file.
    func discard() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        unlink(temporaryPath)
    }

    deinit { discard() }

    static func systemError() -> String { String(cString: strerror(errno)) }
}
