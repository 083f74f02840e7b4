import Crypto
import Foundation
import GlintCore

/// A file's SHA-256 (lower-case hex: the blob id a Glint server gives it) and size, read in 1 MiB
/// chunks.
enum FileDigest {
    /// - Throws: `RemoteJobsError` (`invalid-input`) naming the file when it cannot be read.
    static func sha256(of file: URL) throws -> (hex: String, size: Int) {
        guard let handle = FileHandle(forReadingAtPath: file.path) else {
            throw RemoteJobsError(.invalidInput, "\(file.path): cannot be read", file: file.path)
        }
        defer { try? handle.close() }
        var hasher = SHA256()
        var size = 0
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            hasher.update(data: chunk)
            size += chunk.count
        }
        return (LowercaseHex.string(hasher.finalize()), size)
    }
}
