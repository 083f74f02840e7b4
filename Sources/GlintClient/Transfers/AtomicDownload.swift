import AsyncHTTPClient
import Foundation
import NIOCore

#if canImport(Glibc)
    import Glibc
#endif

/// A response body written to a file atomically: into a temporary file beside the destination,
/// flushed to disk, then renamed into place, so the destination is the whole file or untouched.
enum AtomicDownload {
    /// Writes `body` to `destination`; returns the number of bytes written.
    /// - Throws: `RemoteJobsError` (`unavailable`) naming the file when it cannot be written, or the
    ///   body's error; the temporary file is removed either way.
    static func write(_ body: HTTPClientResponse.Body, to destination: URL) async throws -> Int64 {
        let directory = destination.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(".\(destination.lastPathComponent).\(UUID().uuidString).part")
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil),
            let handle = FileHandle(forWritingAtPath: temporary.path)
        else {
            throw RemoteJobsError(.unavailable, "\(destination.path): cannot write in \(directory.path)", file: destination.path)
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
                throw RemoteJobsError(
                    .unavailable, "\(destination.path): cannot rename the download into place (errno \(errno))",
                    file: destination.path)
            }
        } catch {
            try? handle.close()
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
        return size
    }
}
