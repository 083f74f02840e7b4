import Foundation

/// A blob written as its bytes arrive (the server's `POST /v1/blobs`): chunks are gathered up to
/// ``flushBytes`` and handed to a ``StagedBlob`` on a thread of their own, never on the cooperative
/// pool that answers requests (a write can wait for the disk's writeback, and the final fsync for
/// the disk itself). Until ``publish()`` succeeds only the staged temporary file exists;
/// ``discard()`` (or dropping the upload) removes it, so an upload that is refused or cut off
/// leaves nothing behind. One task uses an upload at a time, awaiting each step.
public final class BlobUpload: @unchecked Sendable {
    private let staged: StagedBlob
    private var pending: [UInt8] = []
    /// The bytes appended so far, written or not.
    public private(set) var size: Int64 = 0
    /// How many bytes are gathered before they are written.
    public static let flushBytes = 1 << 20

    /// Starts a blob in `store`.
    /// - Throws: `JobQueueError(.blob)` when its temporary file cannot be created.
    public init(store: FileBlobStore) throws(JobQueueError) {
        staged = try StagedBlob(in: store)
    }

    /// Adds one chunk; writes what has gathered once it reaches ``flushBytes``.
    /// - Throws: `JobQueueError(.blob)` when the bytes cannot be written.
    public func append(_ bytes: some Collection<UInt8>) async throws {
        size += Int64(bytes.count)
        pending.append(contentsOf: bytes)
        if pending.count >= Self.flushBytes { try await flush() }
    }

    /// Writes what is left, then flushes, seals and moves the blob onto its address (see
    /// ``StagedBlob/publish()``). Returns its id.
    /// - Throws: `JobQueueError(.blob)` when it cannot be written, flushed or moved.
    public func publish() async throws -> BlobID {
        try await flush()
        let staged = staged
        return try await BlockingThread.run(name: "glint-blob-upload") { try staged.publish() }
    }

    /// Removes what was written (a no-op once published).
    public func discard() {
        pending = []
        staged.discard()
    }

    /// Writes what has gathered, on a thread of its own.
    private func flush() async throws {
        guard !pending.isEmpty else { return }
        let (chunk, staged) = (pending, staged)
        pending = []
        try await BlockingThread.run(name: "glint-blob-upload") { try chunk.withUnsafeBytes { bytes in try staged.append(bytes) } }
    }
}
