import AsyncHTTPClient
import Foundation
import GlintQueue
import NIOCore
import NIOFoundationCompat
import NIOHTTP1

/// Requests, responses and problems.
extension RemoteJobsBackend {
    /// Sends one request with the API key.
    /// - Throws: a `transport` ``RemoteJobsError`` (`unavailable`) when no answer came.
    func send(
        _ method: HTTPMethod, _ path: String, query: [URLQueryItem] = [], headers: HTTPHeaders = [:],
        body: HTTPClientRequest.Body? = nil
    ) async throws -> HTTPClientResponse {
        var components = URLComponents(url: server.appendingPathComponent(path), resolvingAgainstBaseURL: false)
        if !query.isEmpty { components?.queryItems = query }
        guard let url = components?.url else { throw RemoteJobsError(.badParameters, "\(server): cannot make a request URL for \(path)") }
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = method
        request.headers = headers
        request.headers.replaceOrAdd(name: "Authorization", value: "Bearer \(apiKey)")
        request.body = body
        do {
            return try await client.execute(request, timeout: timeout)
        } catch {
            throw RemoteJobsError.transport("\(server): \(error)")
        }
    }

    /// The job in the response, its output URLs made absolute.
    func decodeJob(_ response: HTTPClientResponse, expecting statuses: Set<HTTPResponseStatus>) async throws -> JobDocument {
        try await decode(JobDocument.self, from: response, expecting: statuses).resolvingURLs(against: server)
    }

    /// The response's JSON body as `T` when its status is one of `statuses`; the server's problem otherwise.
    func decode<T: Decodable>(_ type: T.Type, from response: HTTPClientResponse, expecting statuses: Set<HTTPResponseStatus>) async throws -> T {
        guard statuses.contains(response.status) else { throw await problem(response) }
        do {
            let body = try await response.body.collect(upTo: 64 << 20)
            return try JSONDecoder().decode(T.self, from: Data(buffer: body))
        } catch {
            throw RemoteJobsError(
                .unavailable, "\(server): a \(response.status.code) response that is not the JSON expected (\(error))",
                kindName: "invalid-response")
        }
    }

    /// The server's problem document as an error (a job the server does not have, or does not show
    /// this API key, is `not-found`).
    func problem(_ response: HTTPClientResponse, file: String? = nil) async -> RemoteJobsError {
        let body = try? await response.body.collect(upTo: 1 << 20)
        let problem = body.flatMap { try? JSONDecoder().decode(RemoteProblem.self, from: Data(buffer: $0)) }
        let detail = problem?.detail ?? problem?.title ?? "\(response.status.code) \(response.status.reasonPhrase)"
        let prefix = file.map { "\($0): " } ?? ""
        let description =
            switch response.status {
            case .notFound: prefix + detail
            case .unauthorized: "\(server): the server refused the API key (\(detail))"
            default: prefix + "\(server): \(response.status.code): \(detail)"
            }
        return RemoteJobsError(status: Int(response.status.code), problemType: problem?.slug, description: description, file: file)
    }
}

extension JobDocument {
    /// The document with its output URLs made absolute against `server` (the API sends them relative).
    func resolvingURLs(against server: URL) -> JobDocument {
        var document = self
        for (name, output) in outputs {
            guard let url = output.url else { continue }
            document.outputs[name]?.url = URL(string: url, relativeTo: server)?.absoluteString ?? url
        }
        return document
    }
}
