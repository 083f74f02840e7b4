import Foundation
import Hummingbird

/// `GET /assets/{name}`: a ``PageAsset`` with an ETag (`If-None-Match` gives 304) and a cache
/// lifetime of a year when asked for by its versioned URL, five minutes otherwise.
enum AssetResponses {
    static func asset(named name: String, request: Request) -> Response {
        guard let asset = PageAssets.all[name] else {
            return Response(
                status: .notFound, headers: [.contentType: "text/plain; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: "no such asset\n")))
        }
        let etag = "\"\(asset.version)\""
        let versioned = request.uri.queryParameters.get("v") == asset.version
        var headers: HTTPFields = [
            .contentType: asset.contentType,
            .eTag: etag,
            .cacheControl: versioned ? "public, max-age=31536000, immutable" : "public, max-age=300",
            PageHeaders.contentTypeOptions: "nosniff",
        ]
        if let match = request.headers[.ifNoneMatch],
            match.split(separator: ",").contains(where: {
                $0.trimmingCharacters(in: .whitespaces) == etag || $0.trimmingCharacters(in: .whitespaces) == "*"
            })
        {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentLength] = String(asset.body.utf8.count)
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: asset.body)))
    }
}
