import Foundation
import Hummingbird

/// An RFC 9457 problem: what went wrong with a request, sent as `application/problem+json`
/// `{type, title, status, detail, instance}` with the type's status.
public struct Problem: Error, HTTPResponseError, Sendable, CustomStringConvertible {
    public var type: ProblemType
    /// What went wrong with this request, naming the thing (`job 6f96...: no such job`).
    public var detail: String
    /// Extra headers (`WWW-Authenticate`, `Content-Range`, `Retry-After` ...).
    public var headers: HTTPFields
    /// The limit a `quota-exceeded` or `rate-limited` problem is about, as its flag names it
    /// (`max-queued`): the body's `limit` member.
    public var limit: String?

    public init(_ type: ProblemType, detail: String, headers: HTTPFields = [:], limit: String? = nil) {
        self.type = type
        self.detail = detail
        self.headers = headers
        self.limit = limit
    }

    public var status: HTTPResponse.Status { type.status }
    public var description: String { "\(type.rawValue): \(detail)" }

    /// The JSON body.
    struct Body: Encodable {
        var type: String
        var title: String
        var status: Int
        var detail: String
        var instance: String
        var limit: String?
    }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        response(instance: request.uri.path)
    }

    /// The response for a request to `instance` (the request path).
    public func response(instance: String) -> Response {
        let body = Body(type: type.uri, title: type.title, status: Int(status.code), detail: detail, instance: instance, limit: limit)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(body)) ?? Data()
        var headers = headers
        headers[.contentType] = "application/problem+json"
        if type == .unauthorized, headers[.wwwAuthenticate] == nil { headers[.wwwAuthenticate] = "Bearer" }
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// `not-found` for a thing that does not exist or belongs to another tenant (never told apart).
    public static func notFound(_ what: String) -> Problem {
        Problem(.notFound, detail: "\(what): not found")
    }
}
