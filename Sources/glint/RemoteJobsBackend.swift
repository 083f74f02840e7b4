import AsyncHTTPClient
import Crypto
import Foundation
import GlintQueue
import NIOCore
import NIOFoundationCompat
import NIOHTTP1

/// `glint jobs` against a Glint server (`--server URL --api-key KEY`): inputs are uploaded to
/// `POST /v1/blobs` (skipped when `HEAD /v1/blobs/{sha256}` says the server has them), jobs go
/// through `/v1/jobs`, and outputs are downloaded to a temporary file next to the destination and
/// renamed into place.
struct RemoteJobsBackend: JobsBackend {
    let client: HTTPClient
    let server: URL
    let apiKey: String
    /// How long one request may take (uploads and downloads of large files included).
    var timeout: TimeAmount = .minutes(30)

    func submit(_ request: JobsSubmitRequest) async throws -> (created: Bool, job: JobsDocument) {
        if let tenant = request.tenant, tenant != JobSubmission.defaultTenant {
            throw RemoteJobsError("--tenant \(tenant): a server takes the tenant from the API key")
        }
        var inputs: [String: String] = [:]
        for (name, file) in request.inputs.sorted(by: { $0.key < $1.key }) { inputs[name] = try await upload(file) }
        guard let parameters = try? JSONSerialization.jsonObject(with: request.parameters), parameters is [String: Any] else {
            throw RemoteJobsError("--params: not a JSON object")
        }
        let body: [String: Any] = [
            "kind": request.kind.rawValue, "params": parameters, "inputs": inputs,
            "priority": request.priority, "queue": request.queue, "maxAttempts": request.maxAttempts,
        ]
        var headers = HTTPHeaders([("Content-Type", "application/json")])
        if let key = request.idempotencyKey { headers.add(name: "Idempotency-Key", value: key) }
        let response = try await send(.POST, "v1/jobs", headers: headers, body: .bytes(try JSONSerialization.data(withJSONObject: body)))
        let job = try await decodeJob(response, expecting: [.accepted, .ok])
        return (response.status == .accepted, job)
    }

    func job(_ id: JobID) async throws -> JobsDocument {
        try await decodeJob(try await send(.GET, "v1/jobs/\(id)"), expecting: [.ok])
    }

    func jobs(matching filter: JobFilter) async throws -> JobsListing {
        if let tenant = filter.tenant { throw RemoteJobsError("--tenant \(tenant): a server lists the API key's tenant only") }
        var query = [URLQueryItem(name: "limit", value: String(filter.limit))]
        if !filter.states.isEmpty { query.append(URLQueryItem(name: "state", value: filter.states.map(\.rawValue).sorted().joined(separator: ","))) }
        if !filter.kinds.isEmpty { query.append(URLQueryItem(name: "kind", value: filter.kinds.map(\.rawValue).sorted().joined(separator: ","))) }
        if let batch = filter.batch { query.append(URLQueryItem(name: "batch", value: batch)) }
        if let cursor = filter.cursor { query.append(URLQueryItem(name: "cursor", value: cursor)) }
        let response = try await send(.GET, "v1/jobs", query: query)
        let page = try await decode(RemoteJobDocument.Page.self, from: response, expecting: [.ok])
        return JobsListing(jobs: page.jobs.map { $0.document(server: server) }, counts: nil, nextCursor: page.nextCursor)
    }

    func cancel(_ id: JobID) async throws -> JobsDocument {
        try await decodeJob(try await send(.DELETE, "v1/jobs/\(id)"), expecting: [.ok])
    }

    func retry(_ id: JobID) async throws -> JobsDocument {
        try await decodeJob(try await send(.POST, "v1/jobs/\(id)/retry"), expecting: [.ok, .accepted])
    }

    func writeOutput(of id: JobID, named name: String, to path: String) async throws -> (blob: String, size: Int64) {
        let job = try await self.job(id)
        guard let output = job.outputs[name] else {
            throw JobQueueError.noOutput(named: name, in: id, state: job.state, outputs: Array(job.outputs.keys))
        }
        let response = try await send(.GET, "v1/jobs/\(id)/outputs/\(name)")
        guard response.status == .ok else { throw try await problem(response) }
        let destination = URL(fileURLWithPath: path)
        let size = try await RemoteDownload.write(response.body, to: destination)
        return (output.blob, size)
    }

    // MARK: Blobs

    /// The blob id of `file` on the server, uploading it unless the server already has it.
    private func upload(_ file: URL) async throws -> String {
        let (digest, size) = try FileDigest.sha256(of: file)
        let head = try await send(.HEAD, "v1/blobs/\(digest)")
        if head.status == .ok { return digest }
        let body = HTTPClientRequest.Body.stream(FileChunks(file: file), length: .known(Int64(size)))
        let response = try await send(.POST, "v1/blobs", headers: HTTPHeaders([("Content-Type", "application/octet-stream")]), body: body)
        guard response.status == .created || response.status == .ok else { throw try await problem(response, file: file.path) }
        struct Uploaded: Decodable { var id: String }
        let uploaded = try JSONDecoder().decode(Uploaded.self, from: Data(buffer: try await response.body.collect(upTo: 1 << 20)))
        guard uploaded.id == digest else { throw RemoteJobsError("\(file.path): the server stored blob \(uploaded.id), not \(digest)") }
        return digest
    }

    // MARK: Requests

    private func send(_ method: HTTPMethod, _ path: String, query: [URLQueryItem] = [], headers: HTTPHeaders = [:],
                      body: HTTPClientRequest.Body? = nil) async throws -> HTTPClientResponse {
        var components = URLComponents(url: server.appendingPathComponent(path), resolvingAgainstBaseURL: false)
        if !query.isEmpty { components?.queryItems = query }
        guard let url = components?.url else { throw RemoteJobsError("\(server): cannot make a request URL for \(path)") }
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = method
        request.headers = headers
        request.headers.replaceOrAdd(name: "Authorization", value: "Bearer \(apiKey)")
        request.body = body
        do {
            return try await client.execute(request, timeout: timeout)
        } catch {
            throw RemoteJobsError("\(server): \(error)")
        }
    }

    private func decodeJob(_ response: HTTPClientResponse, expecting statuses: Set<HTTPResponseStatus>) async throws -> JobsDocument {
        try await decode(RemoteJobDocument.self, from: response, expecting: statuses).document(server: server)
    }

    private func decode<T: Decodable>(_ type: T.Type, from response: HTTPClientResponse, expecting statuses: Set<HTTPResponseStatus>) async throws -> T {
        guard statuses.contains(response.status) else { throw try await problem(response) }
        let body = try await response.body.collect(upTo: 64 << 20)
        do {
            return try JSONDecoder().decode(T.self, from: Data(buffer: body))
        } catch {
            throw RemoteJobsError("\(server): a \(response.status.code) response that is not the JSON expected (\(error))")
        }
    }

    /// The server's problem document as an error (a job the server does not have, or does not show
    /// this API key, is a `jobNotFound`).
    private func problem(_ response: HTTPClientResponse, file: String? = nil) async throws -> Error {
        let body = try? await response.body.collect(upTo: 1 << 20)
        let problem = body.flatMap { try? JSONDecoder().decode(RemoteProblem.self, from: Data(buffer: $0)) }
        let detail = problem?.detail ?? problem?.title ?? "\(response.status.code) \(response.status.reasonPhrase)"
        let prefix = file.map { "\($0): " } ?? ""
        switch response.status {
        case .notFound: return JobQueueError(.jobNotFound, prefix + detail)
        case .unauthorized: return RemoteJobsError("\(server): the server refused the API key (\(detail))")
        default: return RemoteJobsError(prefix + "\(server): \(response.status.code): \(detail)")
        }
    }
}

/// An `application/problem+json` body.
struct RemoteProblem: Decodable {
    var type: String?
    var title: String?
    var detail: String?
}

/// What went wrong talking to a server, in one line.
struct RemoteJobsError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
