import Foundation
import GlintQueue
import Hummingbird

/// `GET /v1/jobs/{id}/outputs/{name}`: the output's blob file, streamed, with its media type, an
/// `ETag` (the blob id: content-addressed, so it never changes), single byte ranges, a download
/// file name (``ContentDisposition``) and `X-Content-Type-Options: nosniff`. Names with `/`, `..`
/// or NUL are `invalid-name` problems.
struct OutputsRoutes {
    let server: ServerContext

    func addRoutes(to group: RouterGroup<GlintRequestContext>) {
        group.get("jobs/{id}/outputs/{name}", use: download)
        // A name that spans segments (an encoded or literal `/`) is refused, not looked for.
        group.get("jobs/{id}/outputs/{name}/**") { request, context -> Response in
            _ = try context.requireTenant()
            throw Problem(.invalidName, detail: "output names cannot contain '/'")
        }
    }

    /// How much of a file is read per step while it is sent: 1 MiB (Hummingbird's default is 128 KiB;
    /// each chunk is one trip through the file-I/O thread pool, and outputs are mostly megabytes).
    static let chunkLength = 1 << 20

    /// The output name from the path, percent-decoded and checked.
    static func outputName(_ raw: String) throws(Problem) -> String {
        let name = raw.removingPercentEncoding ?? raw
        if name.isEmpty || name.contains("/") || name.contains("\\") || name.contains("..") || name.utf8.contains(0) {
            throw Problem(.invalidName, detail: "output name '\(name.replacingOccurrences(of: "\0", with: "\\0"))' is not allowed (no '/', '\\', '..' or NUL)")
        }
        return name
    }

    @Sendable func download(_ request: Request, context: GlintRequestContext) async throws -> Response {
        let tenant = try context.requireTenant()
        let name = try Self.outputName(context.parameters.get("name") ?? "")
        let job = try await server.job(context.parameters.get("id") ?? "", tenant: tenant)
        guard let blob = job.outputs[name], let size = server.blobs.size(of: blob) else {
            throw Problem.notFound("job \(job.id) output '\(name)'")
        }
        try await server.recordOutputs(of: job)
        let path = server.blobs.url(for: blob).path
        let type = OutputMediaType.of(file: server.blobs.url(for: blob), name: name)
        let etag = "\"\(blob.hex)\""
        var headers: HTTPFields = [
            .eTag: etag,
            .acceptRanges: "bytes",
            .contentType: type.contentType,
            .contentDisposition: ContentDisposition.attachment(fileName: "\(job.id.description.prefix(8))-\(name).\(type.fileExtension)"),
            .cacheControl: "private, max-age=31536000, immutable",
            // Served as the type named, never sniffed: an output is the tenant's bytes.
            PageHeaders.contentTypeOptions: "nosniff",
        ]
        if let match = request.headers[.ifNoneMatch], Self.matches(match, etag: etag) {
            return Response(status: .notModified, headers: headers)
        }
        let range = request.headers[.ifRange].map { $0 == etag } == false ? .whole : ByteRange(header: request.headers[.range], size: size)
        switch range {
        case .unsatisfiable:
            throw Problem(
                .rangeNotSatisfiable, detail: "the output is \(size) bytes: \(request.headers[.range] ?? "") is outside it",
                headers: [.contentRange: "bytes */\(size)"])
        case .whole:
            headers[.contentLength] = String(size)
            guard size > 0 else { return Response(status: .ok, headers: headers) }
            let body = try await FileIO().loadFile(path: path, range: 0...Int(size - 1), context: context, chunkLength: Self.chunkLength)
            return Response(status: .ok, headers: headers, body: body)
        case .partial(let bytes):
            headers[.contentLength] = String(bytes.count)
            headers[.contentRange] = "bytes \(bytes.lowerBound)-\(bytes.upperBound)/\(size)"
            let body = try await FileIO().loadFile(
                path: path, range: Int(bytes.lowerBound)...Int(bytes.upperBound), context: context,
                chunkLength: Self.chunkLength)
            return Response(status: .partialContent, headers: headers, body: body)
        }
    }

    /// Whether an `If-None-Match` list names the tag (or is `*`).
    static func matches(_ header: String, etag: String) -> Bool {
        header.split(separator: ",").contains { item in
            let tag = item.trimmingCharacters(in: .whitespaces)
            return tag == "*" || tag == etag || tag == "W/" + etag
        }
    }
}
