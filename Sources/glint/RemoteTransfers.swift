import AsyncHTTPClient
import Crypto
import Foundation
import GlintMedia
import NIOCore

/// A file's SHA-256 (lower-case hex, the blob id a Glint server gives it) and size, read in 1 MiB
/// chunks.
enum FileDigest {
    static func sha256(of file: URL) throws -> (hex: String, size: Int) {
        guard let handle = FileHandle(forReadingAtPath: file.path) else { throw RemoteJobsError("\(file.path): cannot be read") }
        defer { try? handle.close() }
        var hasher = SHA256()
        var size = 0
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            hasher.update(data: chunk)
            size += chunk.count
        }
        return (hasher.finalize().map { String(format: "%02x", $0) }.joined(), size)
    }
}

/// A file as a stream of 1 MiB buffers, for uploads that never hold the whole file.
struct FileChunks: AsyncSequence, Sendable {
    typealias Element = ByteBuffer
    let file: URL

    struct AsyncIterator: AsyncIteratorProtocol {
        let handle: FileHandle?
        let path: String

        mutating func next() async throws -> ByteBuffer? {
            guard let handle else { throw RemoteJobsError("\(path): cannot be read") }
            guard let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty else {
                try? handle.close()
                return nil
            }
            return ByteBuffer(data: chunk)
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(handle: FileHandle(forReadingAtPath: file.path), path: file.path)
    }
}

/// Downloads into a temporary file beside the destination, flushed to disk, then renamed into
/// place: the destination is the whole file or untouched.
enum RemoteDownload {
    static func write(_ body: HTTPClientResponse.Body, to destination: URL) async throws -> Int64 {
        let directory = destination.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(".\(destination.lastPathComponent).\(UUID().uuidString).part")
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil),
              let handle = FileHandle(forWritingAtPath: temporary.path) else {
            throw RemoteJobsError("\(destination.path): cannot write in \(directory.path)")
        }
        var size: Int64 = 0
        do {
            for try await buffer in body {
                try handle.write(contentsOf: buffer.readableBytesView)
                size += Int64(buffer.readableBytes)
            }
            try handle.synchronize()
            try handle.close()
            if rename(temporary.path, destination.path) != 0 {
                throw RemoteJobsError("\(destination.path): cannot rename the download into place (errno \(errno))")
            }
        } catch {
            try? handle.close()
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
        return size
    }
}
