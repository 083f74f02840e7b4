import Foundation
import GlintTestSupport
import Testing

/// `glint jobs ... --server URL --api-key KEY` against a real `glint serve` on loopback: inputs are
/// uploaded, jobs run in the server's embedded worker, outputs come back, and the tenant is the key's.
@Suite("glint jobs against a server", .suiteTimeLimit)
struct RemoteJobsCommandTests {
    /// A `glint serve --port 0` in a temporary data directory, with one API key per tenant.
    final class Server {
        let directory: TemporaryDirectory
        let process: WorkerProcess
        let url: String
        var data: URL { directory.file("data") }

        init(sourceLocation: SourceLocation = #_sourceLocation) async throws {
            directory = try TemporaryDirectory("glint-remote-jobs")
            process = try WorkerProcess(
                ["--port", "0", "--json", "--workers", "2", "--enable-test-kinds", "--data-dir", directory.file("data").path], command: "serve",
                log: directory.file("serve.log"), sourceLocation: sourceLocation)
            url = try await process.listeningURL(sourceLocation: sourceLocation)
        }

        func key(tenant: String) throws -> String {
            let created = try GlintProcess.run(["keys", "create", "--tenant", tenant, "--json", "--data-dir", data.path])
            try #require(created.succeeded, "\(created.summary)")
            return try #require(try created.jsonObject()["key"] as? String)
        }

        func jobs(_ arguments: [String], key: String) throws -> ProcessOutcome {
            try GlintProcess.run(["jobs"] + arguments + ["--server", url, "--api-key", key])
        }

        func stop() async -> Int32? {
            let status = await process.stop()
            directory.remove()
            return status
        }
    }

    @Test(
        "submit with an uploaded input, wait, show, list and download; another tenant sees nothing; a bad key is refused",
        .requires(.fixture(SharedFixtures.Name.livePhotoStill)))
    func remoteRoundTrip() async throws {
        let still = URL(fileURLWithPath: CLIFixtures.iphoneStill, relativeTo: SharedFixtures.packageRoot)
        let server = try await Server()
        let key = try server.key(tenant: "acme")
        let otherKey = try server.key(tenant: "globex")

        let submitted = try server.jobs(["submit", "badge.apply", "--params", #"{"kind": "live"}"#, "--input", "image=\(still.path)", "--json"], key: key)
        try #require(submitted.succeeded, "\(submitted.summary)\n\(server.process.logText)")
        let job = try #require(try submitted.jsonObject()["job"] as? [String: Any])
        let id = try #require(job["id"] as? String)
        #expect(try submitted.jsonObject()["created"] as? Bool == true)
        let input = try #require((job["inputs"] as? [String: Any])?["image"] as? [String: Any])
        #expect((input["blob"] as? String)?.count == 64, "the input went up as a SHA-256 blob")

        let waited = try server.jobs(["wait", id, "--timeout", "300", "--json"], key: key)
        #expect(waited.succeeded, "\(waited.summary)")
        #expect(try waited.jsonObject()["state"] as? String == "completed")

        let shown = try server.jobs(["show", id, "--json"], key: key)
        let outputs = try #require(try shown.jsonObject()["outputs"] as? [String: Any])
        let name = try #require(outputs.keys.sorted().first, "the badge job has an output")
        let output = try #require(outputs[name] as? [String: Any])
        #expect((output["url"] as? String)?.hasPrefix(server.url) == true)

        let fetched = server.directory.file("badged.jpg")
        let downloaded = try server.jobs(["output", id, name, "--out", fetched.path, "--json"], key: key)
        #expect(downloaded.succeeded, "\(downloaded.summary)")
        let bytes = try Data(contentsOf: fetched)
        #expect(bytes.prefix(3) == Data([0xFF, 0xD8, 0xFF]), "a JPEG came back")
        #expect(Int64(bytes.count) == output["size"] as? Int64 ?? Int64(output["size"] as? Int ?? -1))

        let listed = try server.jobs(["list", "--json"], key: key)
        #expect(try (listed.jsonObject()["jobs"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == [id])

        // Another tenant's key: the job does not exist for it, and its listing is empty.
        let stranger = try server.jobs(["show", id], key: otherKey)
        #expect(stranger.status == 1)
        #expect(stranger.stderrText.contains(id), "the error names the job: \(stranger.summary)")
        let strangerList = try server.jobs(["list", "--json"], key: otherKey)
        #expect(try (strangerList.jsonObject()["jobs"] as? [Any])?.isEmpty == true)

        // A key the server never issued.
        let refused = try server.jobs(["list"], key: "glint_000000000000_notakeyatall")
        #expect(refused.status == 1)
        #expect(refused.stderrText.contains("API key"), "\(refused.summary)")

        // --tenant means nothing to a server: the key decides.
        let tenanted = try server.jobs(["submit", "queue.noop", "--tenant", "globex"], key: key)
        #expect(tenanted.status == 1)
        #expect(tenanted.stderrText.contains("API key"), "\(tenanted.summary)")

        // Retry over HTTP: the completed job is queued again and completes again.
        let retried = try server.jobs(["retry", id, "--json"], key: key)
        #expect(retried.succeeded, "\(retried.summary)")
        #expect(["available", "running", "completed"].contains(try retried.jsonObject()["state"] as? String ?? ""))
        let rewaited = try server.jobs(["wait", id, "--timeout", "300"], key: key)
        #expect(rewaited.succeeded, "\(rewaited.summary)")

        #expect(await server.stop() == 0)
    }
}
