import Foundation
import Hummingbird

/// Responses that send a stored file: an output, or a rendition made for the pages.
enum FileResponses {
    /// The file `file` with `Accept-Ranges: bytes` and an `ETag` (a blob's id: content-addressed,
    /// so it never changes); `If-None-Match` with it gives 304, a single satisfiable `Range` 206
    /// with `Content-Range` (unless an `If-Range` names another version), an unsatisfiable one
    /// 416. `disposition` is the `Content-Disposition` value, if any. Read from disk in chunks as
    /// it is sent.
    static func stored(
        _ file: PageFile, request: Request, context: some RequestContext, disposition: String? = nil
    ) async throws -> Response {
        let etag = "\"\(file.url.lastPathComponent)\""
        var headers: HTTPFields = [
            .contentType: file.contentType,
            .acceptRanges: "bytes",
            .eTag: etag,
            .cacheControl: "private, max-age=3600",
            PageHeaders.contentTypeOptions: "nosniff",
        ]
        if let disposition { headers[.contentDisposition] = disposition }
        if let match = request.headers[.ifNoneMatch], OutputsRoutes.matches(match, etag: etag) {
            return Response(status: .notModified, headers: headers)
        }
        let fileIO = FileIO()
        let range = request.headers[.ifRange].map { $0 == etag } == false ? .whole : ByteRange(header: request.headers[.range], size: file.size)
        switch range {
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
}
