import HTTPTypes
import Hummingbird

/// Header names and values the pages set beyond what `HTTPField.Name` names.
enum PageHeaders {
    /// `X-Content-Type-Options` (always `nosniff`).
    static let contentTypeOptions = HTTPField.Name("X-Content-Type-Options")!
    /// `Content-Security-Policy`.
    static let contentSecurityPolicy = HTTPField.Name("Content-Security-Policy")!
    /// `Referrer-Policy`: share links carry their token in the path, so pages send no referrer.
    static let referrerPolicy = HTTPField.Name("Referrer-Policy")!

    /// Everything is served by Glint itself: no external origin; motion plays from a `blob:` URL.
    static let policy =
        "default-src 'self'; img-src 'self' data: blob:; media-src 'self' blob:; "
        + "style-src 'self'; script-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; "
        + "frame-ancestors 'none'; form-action 'self'"

    /// A `text/html` response with the pages' security headers.
    static func html(_ markup: String, status: HTTPResponse.Status = .ok, cache: String = "no-store") -> Response {
        Response(
            status: status,
            headers: [
                .contentType: "text/html; charset=utf-8",
                .cacheControl: cache,
                contentTypeOptions: "nosniff",
                contentSecurityPolicy: policy,
                referrerPolicy: "no-referrer",
            ],
            body: ResponseBody(byteBuffer: ByteBuffer(string: markup)))
    }
}
