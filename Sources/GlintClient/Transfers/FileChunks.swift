import Foundation
import NIOCore

/// A file as a stream of 1 MiB buffers, for uploads that never hold the whole file.
struct FileChunks: AsyncSequence, Sendable {
    typealias Element = ByteBuffer
    let file: URL

    struct AsyncIterator: AsyncIteratorProtocol {
        let handle: FileHandle?
        let path: String

        mutating func next() async throws -> ByteBuffer? {
            guard let handle else { throw RemoteJobsError(.invalidInput, "\(path): cannot be read", file: path) }
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
