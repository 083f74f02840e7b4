import Foundation
import Hummingbird

/// Responses that send a file: a stored output (with `Range`) or a file made for one download.
enum FileResponses {
    /// The file `file` with `Accept-Ranges: bytes`; a single satisfiable `Range` gives 206 with
    /// `Content-Range`, an unsatisfiable one 416. `disposition` is the `Content-Disposition`
    /// value, if any. Read from disk in chunks as it is sent.
    static func stored(
        _ file: PageFile, request: Request, context: some RequestContext, disposition: String? = nil
    ) async throws -> Response {
        var headers: HTTPFields = [
            .contentType: file.contentType,
            .acceptRanges: "bytes",
            .cacheControl: "private, max-age=3600",
            PageHeaders.contentTypeOptions: "nosniff",
        ]
        if let disposition { headers[.contentDisposition] = disposition }
        let fileIO = FileIO()
        switch ByteRange(header: request.headers[.range], size: file.size) {
        case .whole:
            headers[.contentLength] = String(file.size)
            if request.method == .head { return Response(status: .ok, headers: headers) }
            let body = try await fileIO.loadFile(path: file.url.path, context: context)
            return Response(status: .ok, headers: headers, body: body)
        case .partial(let range):
            headers[.contentLength] = String(range.count)
            headers[.contentRange] = "bytes \(range.lowerBound)-\(range.upperBound)/\(file.size)"
            if request.method == .head { return Response(status: .partialContent, headers: headers) }
            let body = try await fileIO.loadFile(
                path: file.url.path, range: Int(range.lowerBound)...Int(range.upperBound), context: context)
            return Response(status: .partialContent, headers: headers, body: body)
        case .unsatisfiable:
            headers[.contentRange] = "bytes */\(file.size)"
            headers[.contentLength] = "0"
            headers[.contentType] = nil
            return Response(status: .rangeNotSatisfiable, headers: headers)
        }
    }

    /// Sends the file at `url` (made for this one request) and removes it: the file is opened,
    /// unlinked at once (the open descriptor keeps it readable), then read in chunks as the
    /// response is written, so nothing is left behind even if the client goes away.
    static func temporary(_ url: URL, contentType: String, fileName: String) throws -> Response {
        let handle = try FileHandle(forReadingFrom: url)
        let size = try handle.seekToEnd()
        try handle.seek(toOffset: 0)
        try? FileManager.default.removeItem(at: url)
        let reader = UnlinkedFile(handle: handle)
        let headers: HTTPFields = [
            .contentType: contentType,
            .contentLength: String(size),
            .contentDisposition: ContentDisposition.attachment(fileName: fileName),
            .cacheControl: "private, no-store",
            PageHeaders.contentTypeOptions: "nosniff",
        ]
        let body = ResponseBody(contentLength: Int(size)) { writer in
            defer { reader.close() }
            while let chunk = try reader.read(), !chunk.isEmpty {
                try await writer.write(ByteBuffer(bytes: chunk))
            }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: headers, body: body)
    }
}

/// An open file whose name is already gone, read front to back by one response body.
private final class UnlinkedFile: @unchecked Sendable {
    // Used by one response body writer at a time (the closure runs once), hence unchecked.
    private let handle: FileHandle

    init(handle: FileHandle) { self.handle = handle }

    func read() throws -> Data? { try handle.read(upToCount: 256 * 1024) }

    func close() { try? handle.close() }
}
