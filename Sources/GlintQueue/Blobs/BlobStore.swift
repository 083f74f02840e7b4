import Foundation

/// Content-addressed files shared by every worker: job inputs and outputs.
///
/// `FileBlobStore` keeps them under the data directory (`blobs/ab/cd/<sha256>`); when that
/// directory is a shared volume, workers on many machines see the same blobs. Writes are atomic
/// (temp file in the store, fsync, rename onto the address), so a reader never sees half a blob and
/// writing the same bytes twice leaves one file.
public protocol BlobStore: Sendable {
    /// Copies a file in, hashing it as it streams (never read whole into memory). Returns its id;
    /// when the blob is already present nothing is written.
    func put(contentsOf file: URL) async throws -> BlobID

    /// Stores bytes held in memory.
    func put(_ data: Data) async throws -> BlobID

    /// Where the blob is (or would be) on disk.
    func url(for id: BlobID) -> URL

    func contains(_ id: BlobID) -> Bool

    /// The blob's size in bytes, nil when absent.
    func size(of id: BlobID) -> Int64?
}
