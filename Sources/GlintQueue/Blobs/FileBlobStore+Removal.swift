import Foundation
import GlintCore

#if canImport(Glibc)
    import Glibc
#endif

/// Removing blobs, for retention: listing the stored files with their modification times (a put
/// of bytes already stored touches the file, so that time is the blob's latest put), and removing
/// one only if nobody put it since a given time.
extension FileBlobStore {
    /// A stored blob and when it was last put.
    public struct StoredFile: Hashable, Sendable {
        public var blob: BlobID
        public var modified: Date
        public var size: Int64
    }

    /// Every blob file under the store's two levels of folders (temporary files aside).
    public func storedFiles() -> [StoredFile] {
        let manager = FileManager.default
        var files: [StoredFile] = []
        for first in (try? manager.contentsOfDirectory(atPath: directory.path)) ?? [] where first.utf8.count == 2 {
            let firstPath = directory.appendingPathComponent(first).path
            for second in (try? manager.contentsOfDirectory(atPath: firstPath)) ?? [] where second.utf8.count == 2 {
                let secondPath = (firstPath as NSString).appendingPathComponent(second)
                for name in (try? manager.contentsOfDirectory(atPath: secondPath)) ?? [] {
                    guard let blob = BlobID(name), let status = Self.status(of: (secondPath as NSString).appendingPathComponent(name)) else { continue }
                    files.append(StoredFile(blob: blob, modified: status.modified, size: status.size))
                }
            }
        }
        return files
    }

    /// Removes the blob's file if it was not put since `date`. The file is first moved aside into
    /// `tmp/`; a put that touched it between the look and the move is seen on the moved file, which
    /// then goes back; a put after the move finds no file and writes it anew.
    /// - Returns: Whether the file was removed.
    @discardableResult
    public func remove(_ blob: BlobID, ifNotPutSince date: Date) -> Bool {
        let path = url(for: blob).path
        guard let status = Self.status(of: path), status.modified < date else { return false }
        let aside = temporaryDirectory.appendingPathComponent(blob.hex + Self.removingSuffix).path
        guard rename(path, aside) == 0 else { return false }
        if let moved = Self.status(of: aside), moved.modified >= date {
            _ = rename(aside, path)
            return false
        }
        return unlink(aside) == 0
    }

    /// What a file moved aside for removal is named after its blob.
    static let removingSuffix = ".removing"

    /// Puts back files that a killed process left moved aside for removal (the next retention pass
    /// decides again). Returns how many.
    @discardableResult
    func restoreFilesMovedAside() -> Int {
        var restored = 0
        for name in (try? FileManager.default.contentsOfDirectory(atPath: temporaryDirectory.path)) ?? [] where name.hasSuffix(Self.removingSuffix) {
            let aside = temporaryDirectory.appendingPathComponent(name).path
            guard let blob = BlobID(String(name.dropLast(Self.removingSuffix.count))) else { continue }
            let destination = url(for: blob)
            try? OwnerOnlyFiles.createDirectory(at: destination.deletingLastPathComponent())
            if rename(aside, destination.path) == 0 { restored += 1 }
        }
        return restored
    }

    private static func status(of path: String) -> (modified: Date, size: Int64)? {
        var status = stat()
        guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        let modified = Date(timeIntervalSince1970: TimeInterval(status.st_mtim.tv_sec) + TimeInterval(status.st_mtim.tv_nsec) / 1e9)
        return (modified, Int64(status.st_size))
    }
}
