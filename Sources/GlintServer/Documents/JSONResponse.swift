import Foundation
import Hummingbird
import NIOFoundationCompat

/// JSON responses: key-sorted, slashes unescaped.
enum JSONResponse {
    static func make(_ value: some Encodable, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(value)
        var headers = headers
        headers[.contentType] = "application/json"
        headers[.contentLength] = String(data.count)
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// Reads the whole body (up to the context's limit) and parses it as JSON of type `T`.
    /// - Throws: `payload-too-large`, `invalid-json` (not JSON at all) or `invalid-parameters` (JSON of the wrong shape), naming what is wrong.
    static func decode<T: Decodable>(_ type: T.Type, from request: Request, context: some RequestContext) async throws -> T {
        var request = request
        let buffer: ByteBuffer
        do {
            buffer = try await request.collectBody(upTo: context.maxUploadSize)
        } catch {
            throw Problem(.payloadTooLarge, detail: "a JSON body may be at most \(context.maxUploadSize) bytes")
        }
        return try decode(type, from: Data(buffer: buffer))
    }

    /// Parses a whole request body as JSON of type `T` (what ``decode(_:from:context:)`` does once
    /// the body is read).
    /// - Throws: `invalid-json` (not JSON at all) or `invalid-parameters` (JSON of the wrong shape), naming what is wrong.
    static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        guard (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) != nil else {
            throw Problem(.invalidJSON, detail: "the body is not valid JSON")
        }
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch let error as DecodingError {
            throw Problem(.invalidParameters, detail: describe(error))
        }
    }

    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            return keys.isEmpty ? "the body" : "\"" + keys.joined(separator: ".") + "\""
        }
        switch error {
        case .keyNotFound(let key, let context):
            let parent = path(context)
            return "\"\(key.stringValue)\" is missing" + (context.codingPath.isEmpty ? "" : " in \(parent)")
        case .typeMismatch(let type, let context): return "\(path(context)) must be \(describe(type))"
        case .valueNotFound(let type, let context): return "\(path(context)) must be \(describe(type)), not null"
        case .dataCorrupted(let context): return "\(path(context)): \(context.debugDescription)"
        @unknown default: return "the body does not match the expected JSON"
        }
    }

    static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Int64.Type: "an integer"
        case is Double.Type: "a number"
        case is Bool.Type: "a boolean"
        default: "of the expected shape"
        }
    }
}
