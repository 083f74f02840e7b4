import AsyncHTTPClient
import Crypto
import Foundation
import GlintCore
import GlintJobs
import GlintQueue
import GlintTestSupport
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import NIOFoundationCompat

@testable import GlintServer

/// A whole service on fresh stores in a temporary data directory (SQLite), with two tenants'
/// keys, served over real HTTP on loopback (HummingbirdTesting `.live`, an ephemeral port). The
/// job store, and so the server (``ServerContext/clock``), goes by the clock the test gives: a
/// `ManualWallClock` where time matters, moved by the test.
struct ServerHarness: Sendable {
    let directory: TemporaryDirectory
    let server: ServerContext
    let data: GlintDataDirectory
    /// Keys of tenants `alice` and `bob`.
    let alice: String
    let bob: String

    /// The queues the harness's keys may submit to unless `defaultLimits` names others: the tests
    /// park jobs in queues no worker serves.
    static let testQueues = ["default", "parked", "other", "shown"]

    /// When a key made without a clock at hand says it was made.
    static let keysCreatedAt = Date(timeIntervalSince1970: 1_800_000_000)

    /// Runs `body` with a harness whose stores are open (the job store on `clock`, the system's
    /// unless given); closes them afterwards.
    static func with<R: Sendable>(
        maxUploadBytes: Int64 = 64 << 20, inputLimits: InputLimits = .default, defaultLimits: KeyLimits = .unlimited,
        clock: (any WallClock)? = nil, _ body: (ServerHarness) async throws -> R
    ) async throws -> R {
        let directory = try TemporaryDirectory("glint-server-tests")
        let data = GlintDataDirectory(url: directory.url)
        try data.create()
        let blobs = try FileBlobStore(directory: data.blobs)
        return try await openJobStore(data.defaultStoreLocation, clock: clock) { jobs in
            try await withServerStore(for: data.defaultStoreLocation, dataDirectory: data) { store in
                var server = ServerContext(
                    jobs: jobs, blobs: blobs, store: store, maxUploadBytes: maxUploadBytes, inputLimits: inputLimits,
                    secret: try ServerSecret.loadOrCreate(in: data.url), defaultLimits: defaultLimits.over(KeyLimits(queues: testQueues)))
                // The tests' webhook receivers listen on loopback.
                server.egress = EgressClient(policy: EgressPolicy(allowedNetworks: [try IPNetwork("127.0.0.0/8")]))
                let harness = ServerHarness(
                    directory: directory, server: server, data: data,
                    alice: try await Self.makeKey(server, tenant: "alice"), bob: try await Self.makeKey(server, tenant: "bob"))
                let result = try await body(harness)
                directory.remove()
                return result
            }
        }
    }

    /// The job store at `location`, on `clock` (the default's when nil).
    private static func openJobStore<R: Sendable>(
        _ location: JobStoreLocation, clock: (any WallClock)?, _ body: (any JobStore) async throws -> R
    ) async throws -> R {
        guard let clock else { return try await withJobStore(location, body) }
        return try await withJobStore(location, clock: clock, body)
    }

    static func makeKey(
        _ store: any ServerStore, tenant: String, limits: KeyLimits = .unlimited, createdAt: Date = keysCreatedAt
    ) async throws -> String {
        let key = APIKey.generate()
        try await store.insertKey(APIKeyRecord(id: key.id, tenant: tenant, name: "test", hash: key.hash, createdAt: createdAt, limits: limits))
        return key.text
    }

    /// A new key for `tenant`, with a webhook signing secret (as `glint keys create` makes them).
    static func makeKey(_ server: ServerContext, tenant: String, limits: KeyLimits = .unlimited) async throws -> String {
        let text = try await makeKey(server.store, tenant: tenant, limits: limits, createdAt: server.clock.now())
        _ = try await server.store.rotateWebhookSecret(key: APIKey(parsing: text)!.id, vault: server.webhookSecrets, now: server.clock.now())
        return text
    }

    /// Serves the API (with `workers` embedded worker slots, none by default) for `body`.
    func serve<R: Sendable>(workers: Int = 0, webhooks: Bool = false, _ body: @Sendable (any TestClientProtocol) async throws -> R) async throws -> R {
        var configuration = GlintServerConfiguration(host: "127.0.0.1", port: 0, maxUploadBytes: server.maxUploadBytes, workers: workers, webhooks: webhooks)
        configuration.connectionTimeouts = .inProcessTests
        let data = self.data
        let app = buildApplication(
            server: server, configuration: configuration, workDirectory: { data.workDirectory(worker: $0) },
            metrics: ServerMetrics.prometheus, logger: Self.quietLogger)
        return try await app.test(.live, body)
    }

    /// Warnings and errors only: the request log would drown the test output.
    static var quietLogger: Logger {
        var logger = Logger(label: "glint.server.tests")
        logger.logLevel = .warning
        return logger
    }

    /// Blob files in the store (temporary files excluded).
    func storedBlobFiles() -> [String] {
        TemporaryDirectory.contents(of: data.blobs).filter { $0.split(separator: "/").count == 3 && !$0.hasPrefix("tmp/") }
    }

    /// Files in the blob store's temporary folder.
    func temporaryBlobFiles() -> [String] {
        TemporaryDirectory.contents(of: data.blobs.appendingPathComponent("tmp"))
    }
}

/// Request helpers.
extension TestClientProtocol {
    func call(_ method: HTTPRequest.Method, _ uri: String, key: String?, body: String? = nil, headers: HTTPFields = [:]) async throws -> TestResponse {
        var headers = headers
        if let key { headers[.authorization] = "Bearer \(key)" }
        if body != nil, headers[.contentType] == nil { headers[.contentType] = "application/json" }
        return try await execute(uri: uri, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) })
    }

    func upload(_ bytes: [UInt8], key: String) async throws -> TestResponse {
        try await execute(
            uri: "/v1/blobs", method: .post, headers: [.authorization: "Bearer \(key)", .contentType: "application/octet-stream"],
            body: ByteBuffer(bytes: bytes))
    }

    /// Uploads and returns the blob id.
    func uploadID(_ bytes: [UInt8], key: String) async throws -> String {
        let response = try await upload(bytes, key: key)
        guard response.status == .created else { throw ServerStoreError("upload failed: \(response.status) \(String(buffer: response.body))") }
        return try response.json()["id"] as? String ?? ""
    }

    /// Submits a job and returns its document.
    func submit(_ body: String, key: String, headers: HTTPFields = [:]) async throws -> [String: Any] {
        let response = try await call(.post, "/v1/jobs", key: key, body: body, headers: headers)
        guard response.status == .accepted || response.status == .ok else {
            throw ServerStoreError("submit failed: \(response.status) \(String(buffer: response.body))")
        }
        return try response.json()
    }
}

extension TestResponse {
    func json() throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: Data(buffer: body)) as? [String: Any] else {
            throw ServerStoreError("not a JSON object: \(String(buffer: body))")
        }
        return object
    }

    /// The problem's slug (`not-found` ...), nil when the body is not a problem.
    var problemSlug: String? {
        guard headers[.contentType] == "application/problem+json",
            let object = try? json(), let type = object["type"] as? String
        else { return nil }
        return String(type.dropFirst("https://glint.dev/problems/".count))
    }
}

extension ConnectionTimeouts {
    /// The header and upload guards on, with deadlines of two minutes: the client here shares its
    /// process, and the CPU, with the other tests, and a starved test process can leave a request
    /// unsent for longer than the service's defaults (10 s) allow. No idle timeout: a test's client
    /// keeps its one connection idle while the test follows a job on another (its event stream), for
    /// as long as the job takes on a loaded machine (a Samsung HEVC edit beside a CPU hog outlived
    /// two minutes). The deadlines themselves are tested by `SlowClientStateTests` (an injected
    /// clock) and against a real `glint serve` (`SlowClientSecurityTests`).
    static let inProcessTests = ConnectionTimeouts(
        headerTimeout: .seconds(120), idleTimeout: nil, minimumUploadBytesPerSecond: 1024, uploadRateWindow: .seconds(120))
}
