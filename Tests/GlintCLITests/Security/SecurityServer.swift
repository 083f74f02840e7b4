import AsyncHTTPClient
import Foundation
import GlintTestSupport
import NIOCore
import NIOHTTP1
import Testing

/// A real `glint serve` on loopback for the security suite: its own data directory, a JSON log,
/// and an HTTP client that follows no redirect and keeps no cookie, so that a test sees exactly
/// what the server answered.
///
/// ```swift
/// let server = try await SecurityServer.start(["--no-workers"])
/// defer { server.remove() }
/// let key = try server.createKey(tenant: "acme")
/// let response = try await server.request(.GET, "/v1/jobs", key: key)
/// #expect(response.status == 200)
/// ```
final class SecurityServer: @unchecked Sendable {
    let directory: TemporaryDirectory
    /// The data directory `glint serve --data-dir` was given.
    let dataDirectory: URL
    /// `http://127.0.0.1:<port>`.
    let base: String
    let process: WorkerProcess
    let client: HTTPClient

    private init(directory: TemporaryDirectory, dataDirectory: URL, base: String, process: WorkerProcess) {
        self.directory = directory
        self.dataDirectory = dataDirectory
        self.base = base
        self.process = process
        var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow)
        configuration.timeout = .init(connect: .seconds(10), read: .seconds(60))
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    deinit { try? client.syncShutdown() }

    /// Starts `glint serve --port 0 --json --data-dir <fresh> <arguments>` and waits until it listens.
    /// - Parameters:
    ///   - arguments: More `serve` flags (`--no-workers`, `--trusted-proxies ...`).
    ///   - environment: Variables set for the server beside the test's own.
    ///   - prepare: Runs on the fresh data directory before the server starts (create keys with
    ///     `glint keys create --data-dir` here, or by ``createKey(tenant:_:)`` later).
    static func start(
        _ arguments: [String] = [], environment: [String: String] = [:], prepare: (URL) throws -> Void = { _ in },
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> SecurityServer {
        let directory = try TemporaryDirectory("glint-security")
        let data = directory.file("data")
        try prepare(data)
        let process = try WorkerProcess(
            ["--port", "0", "--json", "--data-dir", data.path] + arguments, command: "serve", log: directory.file("serve.log"),
            environment: environment, sourceLocation: sourceLocation)
        let base = try await process.listeningURL(sourceLocation: sourceLocation)
        return SecurityServer(directory: directory, dataDirectory: data, base: base, process: process)
    }

    /// `glint keys create --tenant <tenant> --json --data-dir <data> <arguments>`; the key text.
    func createKey(tenant: String, _ arguments: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let created = try GlintProcess.run(["keys", "create", "--tenant", tenant, "--json", "--data-dir", dataDirectory.path] + arguments)
        try #require(created.succeeded, "\(created.summary)", sourceLocation: sourceLocation)
        return try #require(try created.jsonObject()["key"] as? String, sourceLocation: sourceLocation)
    }

    /// One request; `key` goes in `Authorization: Bearer`. Never follows a redirect.
    func request(
        _ method: HTTPMethod, _ path: String, key: String? = nil, headers: [String: String] = [:], body: Data? = nil,
        timeout: TimeAmount = .seconds(60)
    ) async throws -> SecurityResponse {
        var request = HTTPClientRequest(url: base + path)
        request.method = method
        if let key { request.headers.add(name: "Authorization", value: "Bearer \(key)") }
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let body { request.body = .bytes(ByteBuffer(bytes: body)) }
        let response = try await client.execute(request, timeout: timeout)
        let bytes = try await response.body.collect(upTo: 256 << 20)
        return SecurityResponse(status: Int(response.status.code), headers: response.headers, body: Data(buffer: bytes))
    }

    /// `POST /v1/blobs` of `data`; the blob id.
    func upload(_ data: Data, key: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
        let response = try await request(.POST, "/v1/blobs", key: key, body: data)
        try #require(response.status == 200 || response.status == 201, "upload: \(response)", sourceLocation: sourceLocation)
        return try #require(try response.json()["id"] as? String, "upload: \(response)", sourceLocation: sourceLocation)
    }

    /// `POST /v1/jobs` of a JSON object.
    func submit(_ job: [String: Any], key: String) async throws -> SecurityResponse {
        try await request(
            .POST, "/v1/jobs", key: key, headers: ["Content-Type": "application/json"], body: try JSONSerialization.data(withJSONObject: job))
    }

    /// Whether the server still answers `/health/live` within `seconds`.
    func isAlive(within seconds: Int64 = 60) async -> Bool {
        guard let response = try? await request(.GET, "/health/live", timeout: .seconds(seconds)) else { return false }
        return response.status == 200 && process.process.isRunning
    }

    /// SIGTERM and wait (see ``WorkerProcess/stop(timeout:)``).
    func stop(timeout: TimeInterval = 60) async -> Int32? { await process.stop(timeout: timeout) }

    /// Stops the process if it still runs and deletes the data directory.
    func remove() {
        if process.process.isRunning { process.killHard() }
        directory.remove()
    }

    /// The server's log so far (standard output and error).
    var logText: String { process.logText }
}

/// What the server answered.
struct SecurityResponse: CustomStringConvertible {
    var status: Int
    var headers: HTTPHeaders
    var body: Data

    var text: String { String(decoding: body, as: UTF8.self) }

    /// The body as a JSON object.
    func json(sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any], "\(self)", sourceLocation: sourceLocation)
    }

    /// The first value of a header.
    func header(_ name: String) -> String? { headers.first(name: name) }

    var description: String { "HTTP \(status) \(headers.map { "\($0.name): \($0.value)" }.joined(separator: "; ")) \(text.prefix(2000))" }
}
