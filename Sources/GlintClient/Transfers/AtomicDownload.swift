import AsyncHTTPClient
import Foundation
import GlintCore
import NIOCore

/// A response body written to a file as every Glint output is (``GlintCore/AtomicFileWriter``):
/// into a temporary file, flushed to disk, then renamed into place (the destination is the whole
/// file or untouched), or written through standard output (`-`), a FIFO or a device.
enum AtomicDownload {
    /// Writes `body` to `destination`; returns the number of bytes written.
    /// - Throws: ``GlintCore/MediaError`` naming the file when it cannot be written, or the body's
    ///   error; the temporary file is removed either way.
    static func write(_ body: HTTPClientResponse.Body, to destination: String) async throws -> Int64 {
        let writer = try AtomicFileWriter(destination: destination)
        for try await buffer in body {
            try writer.write(buffer.readableBytesView)
        }
        try writer.commit()
        return writer.offset
    }
}
