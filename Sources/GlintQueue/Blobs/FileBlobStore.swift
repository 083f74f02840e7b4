import Foundation
import GlintCore

#if canImport(Glibc)
    import Glibc
#endif

/// Content-addressed files in a directory: `<directory>/ab/cd/<sha256 hex>`, plus `tmp/` for
/// writes in progress (inside the store, so the final rename never crosses file systems). Folders
/// are owner-only (0700) and blobs owner-read-only (0400), from their creation on.
///
/// Writes are atomic: bytes go to a temporary file while being hashed, the file is fsynced and
/// renamed onto its address, and the directory is fsynced. Writing bytes that are already stored
/// leaves the existing file alone. Any number of processes (on any number of machines, when the
/// directory is a shared volume) can put the same blob at once.
public struct FileBlobStore: BlobStore {
    /// The store's root directory.
    public let directory: URL
    /// The clock the age of a temporary file is judged by (``removeAbandonedTemporaryFiles(olderThan:)``).
    public let clock: any WallClock
    /// How much of a file is read (and hashed) at a time.
    static let chunkSize = 1 << 20

    /// Opens the store, creating the directory when missing and removing temporary files that a
    /// killed process left (`removeAbandonedTemporaryFiles()`, by `clock`).
    /// - Throws: `JobQueueError(.blob)` naming the directory when it cannot be created.
    public init(directory: URL, clock: any WallClock = SystemWallClock()) throws {
        self.directory = directory.standardizedFileURL
        self.clock = clock
        for folder in [self.directory, temporaryDirectory] {
            do {
                try OwnerOnlyFiles.createDirectory(at: folder)
            } catch {
                throw JobQueueError(.blob, "blob store \(directory.path): cannot create the directory \(folder.path): \(error.localizedDescription)")
            }
        }
        removeAbandonedTemporaryFiles()
        restoreFilesMovedAside()
    }

    var temporaryDirectory: URL { directory.appendingPathComponent("tmp", isDirectory: true) }

    /// Removes temporary files that a killed process left behind: those not touched for an hour
    /// by the store's clock (a put in progress writes to its file continuously). Returns how many
    /// were removed.
    @discardableResult
    public func removeAbandonedTemporaryFiles(olderThan age: TimeInterval = 3600) -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: temporaryDirectory.path)) ?? []
        let cutoff = clock.now().addingTimeInterval(-age)
        var removed = 0
        for name in names where name.hasSuffix(".partial") {
            let path = temporaryDirectory.appendingPathComponent(name).path
            guard let modified = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date,
                modified < cutoff
            else { continue }
            if unlink(path) == 0 { removed += 1 }
        }
        return removed
    }

    /// Copies the file in 1 MiB chunks, hashing as it goes. A file of a chunk or more is copied
    /// on a thread of its own (reading, hashing and fsyncing megabytes would hold a thread of the
    /// cooperative pool that the API answers on); a smaller one here.
    /// - Throws: `JobQueueError(.blob)` naming the file when it cannot be read, or the store when it cannot be written.
    public func put(contentsOf file: URL) async throws -> BlobID {
        let source = open(file.path, O_RDONLY | O_CLOEXEC)
        guard source >= 0 else {
            throw JobQueueError(.blob, "cannot read \(file.path): \(StagedBlob.systemError())")
        }
        defer { close(source) }
        var status = stat()
        let described = fstat(source, &status) == 0
        if described, (status.st_mode & S_IFMT) == S_IFDIR {
            throw JobQueueError(.blob, "cannot read \(file.path): it is a directory, not a file")
        }
        guard described, status.st_size >= Self.chunkSize else { return try copy(from: source, path: file.path) }
        return try await BlockingThread.run(name: "glint-blob-put") { try copy(from: source, path: file.path) }
    }

    /// Copies what is left to read of `source` into a new blob.
    private func copy(from source: Int32, path: String) throws -> BlobID {
        let staged = try StagedBlob(in: self)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count = read(source, buffer.baseAddress, buffer.count)
            if count < 0 {
                if errno == EINTR { continue }
                throw JobQueueError(.blob, "cannot read \(path): \(StagedBlob.systemError())")
            }
            if count == 0 { break }
            try staged.append(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
        }
        return try staged.publish()
    }

    /// Stores bytes held in memory.
    public func put(_ data: Data) async throws -> BlobID {
        let staged = try StagedBlob(in: self)
        try data.withUnsafeBytes { bytes in try staged.append(bytes) }
        return try staged.publish()
    }

    /// `<directory>/ab/cd/<hex>`: two levels of 256 folders keep directories small.
    public func url(for id: BlobID) -> URL {
        let hex = id.hex
        let first = String(hex.prefix(2))
        let second = String(hex.dropFirst(2).prefix(2))
        return directory.appendingPathComponent(first, isDirectory: true)
            .appendingPathComponent(second, isDirectory: true)
            .appendingPathComponent(hex, isDirectory: false)
    }

    public func contains(_ id: BlobID) -> Bool {
        access(url(for: id).path, F_OK) == 0
    }

    public func size(of id: BlobID) -> Int64? {
        var status = stat()
        guard stat(url(for: id).path, &status) == 0 else { return nil }
        return Int64(status.st_size)
    }
}
