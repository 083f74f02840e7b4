import Foundation
import GlintClient
import GlintQueue
import GlintTestSupport
import HummingbirdTesting
import Logging
import Testing

@testable import GlintServer

/// A whole Glint server on fresh SQLite stores in a temporary data directory, with the keys of
/// tenants `alice` and `bob`, served over real HTTP on loopback (HummingbirdTesting `.live`, an
/// ephemeral port) for clients to talk to.
struct TestServer: Sendable {
    let directory: TemporaryDirectory
    let server: ServerContext
    let data: GlintDataDirectory
    /// Keys of tenants `alice` and `bob`.
    let alice: String
    let bob: String

    /// Runs `body` with a server whose stores are open (`workers` embedded worker slots; none
    /// leaves submitted jobs queued), and a URL to reach it; closes everything afterwards.
    static func serve<R: Sendable>(workers: Int = 0, _ body: @Sendable (TestServer, URL) async throws -> R) async throws -> R {
        let directory = try TemporaryDirectory("glint-client-tests")
        defer { directory.remove() }
        let data = GlintDataDirectory(url: directory.url)
        try data.create()
        let blobs = try FileBlobStore(directory: data.blobs)
        return try await withJobStore(data.defaultStoreLocation) { jobs in
            try await withServerStore(for: data.defaultStoreLocation, dataDirectory: data) { store in
                let context = ServerContext(
                    jobs: jobs, blobs: blobs, store: store, maxUploadBytes: 64 << 20,
                    secret: try ServerSecret.loadOrCreate(in: data.url))
                let server = TestServer(
                    directory: directory, server: context, data: data,
                    alice: try await makeKey(store, tenant: "alice"), bob: try await makeKey(store, tenant: "bob"))
                var configuration = GlintServerConfiguration(host: "127.0.0.1", port: 0, maxUploadBytes: 64 << 20, workers: workers, webhooks: false)
                // Deadlines a starved test process cannot miss, and no idle timeout (as the server's own tests' `inProcessTests`).
                configuration.connectionTimeouts = ConnectionTimeouts(
                    headerTimeout: .seconds(120), idleTimeout: nil, minimumUploadBytesPerSecond: 1024, uploadRateWindow: .seconds(120))
                let app = buildApplication(
                    server: context, configuration: configuration, workDirectory: { data.workDirectory(worker: $0) },
                    metrics: nil, logger: quietLogger)
                return try await app.test(.live) { client in
                    let port = try #require(client.port)
                    return try await body(server, URL(string: "http://127.0.0.1:\(port)")!)
                }
            }
        }
    }

    static func makeKey(_ store: any ServerStore, tenant: String) async throws -> String {
        let key = APIKey.generate()
        try await store.insertKey(APIKeyRecord(id: key.id, tenant: tenant, name: "test", hash: key.hash, createdAt: Date(timeIntervalSince1970: 1_700_000_000)))
        return key.text
    }

    /// Warnings and errors only: the request log would drown the test output.
    static var quietLogger: Logger {
        var logger = Logger(label: "glint.client.tests")
        logger.logLevel = .warning
        return logger
    }
}

extension TestServer {
    /// Returns once the server's store has the job finished: it reads the job again after each
    /// change the store reports (``JobStore/waitForJobChange(since:timeout:)``, no polling), for
    /// 5 minutes at most (a guard against a hang, not a timing).
    func waitUntilFinished(_ id: JobID) async throws {
        let jobs = server.jobs
        try await Waiting.within(.seconds(300), "job \(id) to finish") {
            while true {
                // The mark is taken before the read: a change between the read and the wait ends the wait at once.
                let mark = jobs.jobChangeMark()
                if try await jobs.job(id, tenant: nil)?.state.isFinished == true { return }
                await jobs.waitForJobChange(since: mark, timeout: .seconds(300))
            }
        }
    }
}

/// A file of `text` in `directory`.
func writeFile(_ text: String, named name: String, in directory: TemporaryDirectory) throws -> URL {
    let url = directory.file(name)
    try Data(text.utf8).write(to: url)
    return url
}

/// `queue.noop` parameters that write `output` as the job's output named `output`.
func noopParameters(output: String, sleepMilliseconds: Int = 0) -> Data {
    Data(#"{"output": "\#(output)", "sleepMilliseconds": \#(sleepMilliseconds)}"#.utf8)
}
