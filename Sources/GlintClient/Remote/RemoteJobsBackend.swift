import AsyncHTTPClient
import Foundation
import GlintCore
import GlintQueue
import NIOCore
import NIOHTTP1

/// The jobs on a Glint server (`glint jobs --server URL --api-key KEY`): inputs are uploaded to
/// `POST /v1/blobs` (skipped when `HEAD /v1/blobs/{sha256}` says the server has them), jobs go
/// through `/v1/jobs`, and outputs are downloaded atomically (``AtomicDownload``). The tenant is
/// the API key's.
///
/// Errors are ``RemoteJobsError``s carrying the server's status and problem type, except an
/// output the job does not have (a `JobQueueError`, as locally).
public struct RemoteJobsBackend: JobsBackend {
    let client: HTTPClient
    /// The server's base URL (`http://127.0.0.1:8080`).
    public let server: URL
    let apiKey: String
    /// How long one request may take (uploads and downloads of large files included).
    public var timeout: TimeAmount = .minutes(30)

    /// - Parameters:
    ///   - client: The HTTP client to send requests with (`.shared` unless told otherwise).
    ///   - server: The server's base URL.
    ///   - apiKey: The key that names the tenant (`glint keys create`).
    public init(client: HTTPClient = .shared, server: URL, apiKey: String) {
        self.client = client
        self.server = server
        self.apiKey = apiKey
    }

    public func submit(_ request: JobsSubmitRequest) async throws -> (created: Bool, job: JobDocument) {
        if let tenant = request.tenant, tenant != JobSubmission.defaultTenant {
            throw RemoteJobsError(.badParameters, "--tenant \(tenant): a server takes the tenant from the API key")
        }
        var inputs: [String: String] = [:]
        for (name, file) in request.inputs.sorted(by: { $0.key < $1.key }) { inputs[name] = try await upload(file) }
        guard case .object(let parameters)? = JSONValue.parse(request.parameters) else {
            throw RemoteJobsError(.badParameters, "--params: not a JSON object")
        }
        let body = SubmissionBody(
            kind: request.kind.rawValue, params: parameters, inputs: inputs, priority: request.priority,
            queue: request.queue, maxAttempts: request.maxAttempts)
        var headers = HTTPHeaders([("Content-Type", "application/json")])
        if let key = request.idempotencyKey { headers.add(name: "Idempotency-Key", value: key) }
        let response = try await send(.POST, "v1/jobs", headers: headers, body: .bytes(try JSONEncoder().encode(body)))
        let job = try await decodeJob(response, expecting: [.accepted, .ok])
        return (response.status == .accepted, job)
    }

    public func job(_ id: JobID) async throws -> JobDocument {
        try await decodeJob(try await send(.GET, "v1/jobs/\(id)"), expecting: [.ok])
    }

    /// The API key's jobs; counts by state are not known (nil).
    public func jobs(matching filter: JobFilter) async throws -> JobsListing {
        if let tenant = filter.tenant {
            throw RemoteJobsError(.badParameters, "--tenant \(tenant): a server lists the API key's tenant only")
        }
        var query = [URLQueryItem(name: "limit", value: String(filter.limit))]
        if !filter.states.isEmpty { query.append(URLQueryItem(name: "state", value: filter.states.map(\.rawValue).sorted().joined(separator: ","))) }
        if !filter.kinds.isEmpty { query.append(URLQueryItem(name: "kind", value: filter.kinds.map(\.rawValue).sorted().joined(separator: ","))) }
        if let batch = filter.batch { query.append(URLQueryItem(name: "batch", value: batch)) }
        if let cursor = filter.cursor { query.append(URLQueryItem(name: "cursor", value: cursor)) }
        let response = try await send(.GET, "v1/jobs", query: query)
        let page = try await decode(JobDocument.Page.self, from: response, expecting: [.ok])
        return JobsListing(jobs: page.jobs.map { $0.resolvingURLs(against: server) }, counts: nil, nextCursor: page.nextCursor)
    }

    public func cancel(_ id: JobID) async throws -> JobDocument {
        try await decodeJob(try await send(.DELETE, "v1/jobs/\(id)"), expecting: [.ok])
    }

    public func retry(_ id: JobID) async throws -> JobDocument {
        try await decodeJob(try await send(.POST, "v1/jobs/\(id)/retry"), expecting: [.ok, .accepted])
    }

    public func writeOutput(of id: JobID, named name: String, to path: String) async throws -> (blob: String, size: Int64) {
        let job = try await self.job(id)
        guard let output = job.outputs[name] else {
            throw JobQueueError.noOutput(named: name, in: id, state: job.state, outputs: Array(job.outputs.keys))
        }
        let response = try await send(.GET, "v1/jobs/\(id)/outputs/\(name)")
        guard response.status == .ok else { throw await problem(response) }
        let size = try await AtomicDownload.write(response.body, to: path)
        return (output.blob, size)
    }

    /// Whether the server holds the blob (`HEAD /v1/blobs/{id}`).
    public func hasBlob(_ id: String) async throws -> Bool {
        let response = try await send(.HEAD, "v1/blobs/\(id)")
        switch response.status {
        case .ok: return true
        case .notFound: return false
        default: throw await problem(response)
        }
    }

    /// The blob id of `file` on the server, uploading it unless the server already has it.
    public func upload(_ file: URL) async throws -> String {
        let (digest, size) = try FileDigest.sha256(of: file)
        let head = try await send(.HEAD, "v1/blobs/\(digest)")
        if head.status == .ok { return digest }
        let body = HTTPClientRequest.Body.stream(FileChunks(file: file), length: .known(Int64(size)))
        let response = try await send(.POST, "v1/blobs", headers: HTTPHeaders([("Content-Type", "application/octet-stream")]), body: body)
        guard response.status == .created || response.status == .ok else { throw await problem(response, file: file.path) }
        struct Uploaded: Decodable { var id: String }
        let uploaded = try await decode(Uploaded.self, from: response, expecting: [.created, .ok])
        guard uploaded.id == digest else {
            throw RemoteJobsError(
                .unavailable, "\(file.path): the server stored blob \(uploaded.id), not \(digest)",
                kindName: "invalid-response", file: file.path)
        }
        return digest
    }

    /// `POST /v1/jobs`'s body.
    private struct SubmissionBody: Encodable {
        var kind: String
        var params: [String: JSONValue]
        var inputs: [String: String]
        var priority: Int
        var queue: String
        var maxAttempts: Int
    }
}
