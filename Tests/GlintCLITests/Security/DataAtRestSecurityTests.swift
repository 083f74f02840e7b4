import Foundation
import GlintTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 24 part 9: data at rest and in logs, against a real `glint serve`: the data directory and
/// everything in it are owner-only, no log line at any level shows a share token or an API key,
/// `/v1` downloads are never sniffed and name their file per RFC 6266, and no message prints a
/// store password.
@Suite("security: data at rest and in logs", .suiteTimeLimit)
struct DataAtRestSecurityTests {
    /// The permission bits of `url`, nil when missing.
    static func mode(_ url: URL) -> mode_t? {
        var status = stat()
        return stat(url.path, &status) == 0 ? status.st_mode & 0o7777 : nil
    }

    @Test("the data directory is 0700; the secret, both SQLite stores and their journals 0600; a blob 0400")
    func modes() async throws {
        let server = try await SecurityServer.start(["--enable-test-kinds"])
        defer { server.remove() }
        let key = try server.createKey(tenant: "acme")
        let blob = try await server.upload(Data("private bytes".utf8), key: key)
        let data = server.dataDirectory
        #expect(Self.mode(data) == 0o700)
        #expect(Self.mode(data.appendingPathComponent("blobs")) == 0o700)
        #expect(Self.mode(data.appendingPathComponent("server-secret")) == 0o600)
        for name in ["queue.sqlite", "server.sqlite"] {
            let file = data.appendingPathComponent(name)
            #expect(Self.mode(file) == 0o600, "\(name)")
            for journal in ["-wal", "-shm"] {
                let path = URL(fileURLWithPath: file.path + journal)
                if let mode = Self.mode(path) { #expect(mode == 0o600, "\(name)\(journal)") }
            }
        }
        let blobFile = data.appendingPathComponent("blobs/\(blob.prefix(2))/\(blob.dropFirst(2).prefix(2))/\(blob)")
        #expect(Self.mode(blobFile) == 0o400)
        #expect(Self.mode(blobFile.deletingLastPathComponent()) == 0o700)
        if let work = try? FileManager.default.contentsOfDirectory(atPath: data.appendingPathComponent("work").path) {
            #expect(Self.mode(data.appendingPathComponent("work")) == 0o700)
            for folder in work { #expect(Self.mode(data.appendingPathComponent("work/\(folder)")) == 0o700, "work/\(folder)") }
        }
    }

    @Test("a data directory left readable by others is made 0700 at start, with a warning")
    func looseDirectoryIsTightened() async throws {
        let server = try await SecurityServer.start(["--no-workers"], environment: ["GLINT_LOG_LEVEL": "warning"]) { data in
            try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
            chmod(data.path, 0o755)
        }
        defer { server.remove() }
        #expect(Self.mode(server.dataDirectory) == 0o700)
        let output = server.process.output
        let warning = try await Waiting.within(.seconds(60), "serve's warning") { await output.line(containing: "owner-only") }
        #expect(warning != nil, "\(server.logText.suffix(2000))")
    }

    @Test("at trace level, the log holds no share token, no API key and no query string")
    func noSecretsInLogs() async throws {
        let server = try await SecurityServer.start(["--no-workers"], environment: ["GLINT_LOG_LEVEL": "trace"])
        defer { server.remove() }
        let key = try server.createKey(tenant: "acme")
        let token = "SECRETSHARETOKEN0123456789abcdefXYZ.987654"
        let wrongKey = "glint_0123456789ab_WRONGKEYSECRETWRONGKEYSECRET"
        for path in ["/s/\(token)", "/s/\(token)/still", "/s/\(token)/download/livephoto", "//s/\(token)"] {
            _ = try await server.request(.GET, path)
        }
        _ = try await server.request(.GET, "/v1/jobs", key: key)
        _ = try await server.request(.GET, "/v1/jobs?api_key=\(key)&token=\(token)", key: wrongKey)
        _ = try await server.request(.GET, "/v1/jobs/nope", key: key, headers: ["Cookie": "session=\(token)"])
        _ = try await server.request(.GET, "/", headers: ["Authorization": "Bearer \(key)"])
        // All of it: once serve has stopped, its log holds everything it printed.
        #expect(await server.stop() == 0)
        let log = server.logText
        #expect(log.contains("/s/<redacted>"), "the requests were logged: \(log.suffix(3000))")
        let secret = String(key.split(separator: "_").last ?? "")
        for needle in [token, secret, "WRONGKEYSECRET", "api_key"] {
            #expect(!log.contains(needle), "the log shows \(needle)")
        }
    }

    @Test("a /v1 output download is nosniff and names its file per RFC 6266/5987")
    func downloadHeaders() async throws {
        let server = try await SecurityServer.start(["--enable-test-kinds"])
        defer { server.remove() }
        let key = try server.createKey(tenant: "acme")
        let submitted = try await server.submit(["kind": "queue.noop", "params": ["output": "<html><script>alert(1)</script>"]], key: key)
        let id = try #require(try submitted.json()["id"] as? String, "\(submitted)")
        let job = try await server.finishedJob(id, key: key)
        try #require(job["state"] as? String == "completed", "\(job)\n\(server.logText.suffix(3000))")
        let download = try await server.request(.GET, "/v1/jobs/\(id)/outputs/output", key: key)
        #expect(download.status == 200, "\(download)")
        #expect(download.header("X-Content-Type-Options") == "nosniff")
        let disposition = try #require(download.header("Content-Disposition"))
        let name = try #require(disposition.firstMatch(of: /^attachment; filename="([A-Za-z0-9._-]+)"; filename\*=UTF-8''(.+)$/), "\(disposition)")
        #expect(name.1 == name.2 && name.1.hasPrefix("\(id.prefix(8))-output."), "\(disposition)")
    }

    /// (An unreachable server is left out: the driver retries for a minute, and its error names no URL.)
    @Test("no message prints a store password: malformed URLs, unknown settings, --store or GLINT_STORE")
    func noPasswordInMessages() async throws {
        let directory = try TemporaryDirectory("glint-security-store")
        defer { directory.remove() }
        let password = "hunter2-in-the-url"
        let stores = [
            "postgres://glint:\(password)@", "postgres://glint:\(password)@/glint", "postgres://glint:\(password)@127.0.0.1:1/glint?sslmode=bogus",
            "mysql://glint:\(password)@db/glint", "postgres://glint:\(password)@[::1/glint",
        ]
        for store in stores {
            for arguments in [["keys", "list"], ["jobs", "list"]] {
                let outcome = try GlintProcess.run(arguments + ["--store", store, "--data-dir", directory.file("data").path], timeout: 60)
                #expect(!outcome.succeeded)
                #expect(!(outcome.stdoutText + outcome.stderrText).contains(password), "\(arguments) \(store): \(outcome.summary)")
            }
            let environment = try GlintProcess.run(
                ["keys", "list", "--data-dir", directory.file("data").path], extraEnvironment: ["GLINT_STORE": store], timeout: 60)
            #expect(!(environment.stdoutText + environment.stderrText).contains(password), "GLINT_STORE=\(store): \(environment.summary)")
        }
    }

    @Test(
        "a PostgreSQL store takes its password from PGPASSWORD, and serve never prints one",
        .requires(.postgres))
    func postgresPassword() async throws {
        let url = try #require(TestPostgres.url)
        let password = "hunter2-in-the-url"
        var withPassword = try #require(URLComponents(string: url))
        withPassword.password = password
        let server = try await SecurityServer.start(["--no-workers", "--store", try #require(withPassword.string)])
        defer { server.remove() }
        #expect(await server.isAlive(within: 60))
        #expect(!server.logText.contains(password), "\(server.logText.suffix(2000))")
        let listed = try GlintProcess.run(
            ["keys", "list", "--store", url, "--data-dir", server.dataDirectory.path], extraEnvironment: ["PGPASSWORD": password], timeout: 60)
        #expect(listed.succeeded, "\(listed.summary)")
        #expect(!(listed.stdoutText + listed.stderrText).contains(password))
    }
}
