import Foundation
import GlintTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 24 part 7: the runner's sandbox holds when a decoder is exploited. Real `glint serve`
/// processes run a real job; the test then looks at the warm runner that ran it from outside,
/// through `/proc` (its environment, its seccomp state, its network namespace, and its file
/// system as it sees it: `/proc/PID/root`), so that no test hook ships in `glint`. What the runner
/// itself is refused when it tries (sockets, a user namespace, an unneeded `/opt` folder) is
/// tried through the same launcher by `RunnerSandboxTests` (GlintQueueTests, `test.escape`).
@Suite("Security: the runner sandbox", .serialized, .requires(.sharedFixtures, .bubblewrap), .suiteTimeLimit)
struct SandboxSecurityTests {
    /// Secrets in `glint serve`'s environment that no runner may see.
    static let secretMarker = "glint-secret-\(UInt64.random(in: 1...UInt64.max))"

    /// `glint serve` with secrets in its environment, after one `rings.render` ran in a runner
    /// (kept warm, idle, for 30 s); the server, a key and the runner's pid.
    static func serverWithWarmRunner(_ arguments: [String] = [], environment: [String: String] = [:]) async throws -> (SecurityServer, String, pid_t) {
        var variables = ["AWS_SECRET_ACCESS_KEY": secretMarker, "PGPASSWORD": secretMarker, "GLINT_TEST_SECRET": secretMarker]
        variables.merge(environment) { _, new in new }
        let server = try await SecurityServer.start(arguments, environment: variables)
        let key = try server.createKey(tenant: "sandbox")
        let parent = server.process.process.processIdentifier
        // Once the job's stream says it completed, its runner idles, warm, for 30 s: it is looked
        // for then, once. On a machine loaded enough that this task waits longer than that
        // between the job's end and the look, another job brings one back.
        for _ in 0..<3 {
            let submitted = try await server.submit(["kind": "rings.render", "params": ["move": 0.5, "exercise": 0.5, "stand": 0.5, "size": 64]], key: key)
            let id = try #require(try submitted.json()["id"] as? String, "\(submitted)")
            let job = try await server.finishedJob(id, key: key)
            #expect(job["state"] as? String == "completed", "\(job)")
            if let runner = RunnerProcesses.runner(of: parent) { return (server, key, runner) }
        }
        let none: pid_t? = nil
        return (server, key, try #require(none, "no warm runner after three jobs: \(server.logText.suffix(2000))"))
    }

    /// `pid` and its descendants.
    static func family(of pid: pid_t) -> [pid_t] {
        [pid] + RunnerProcesses.children(of: pid).flatMap { family(of: $0) }
    }

    /// The environment `pid` was started with.
    static func environment(of pid: pid_t) -> [String: String] {
        let data = FileManager.default.contents(atPath: "/proc/\(pid)/environ") ?? Data()
        return Dictionary(
            data.split(separator: 0).map { String(decoding: $0, as: UTF8.self).split(separator: "=", maxSplits: 1).map(String.init) }
                .map { ($0[0], $0.count > 1 ? $0[1] : "") }
        ) { first, _ in first }
    }

    /// The value of `field` in `/proc/PID/status` (`Seccomp`, `NoNewPrivs`).
    static func status(_ field: String, of pid: pid_t) -> String? {
        let text = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        return text.split(separator: "\n").first { $0.hasPrefix(field + ":") }.map { $0.dropFirst(field.count + 1).trimmingCharacters(in: .whitespaces) }
    }

    /// Whether `path` exists in the file system `pid` sees.
    static func sees(_ pid: pid_t, _ path: String) -> Bool {
        FileManager.default.fileExists(atPath: "/proc/\(pid)/root\(path)")
    }

    @Test("a runner of glint serve gets none of serve's environment (AWS_SECRET_ACCESS_KEY, PGPASSWORD, GLINT_*): only the fixed list")
    func cleanEnvironment() async throws {
        let (server, _, runner) = try await Self.serverWithWarmRunner()
        defer { server.remove() }
        let allowed: Set<String> = [
            "TMPDIR", "SWIFT_BACKTRACE", "MALLOC_ARENA_MAX", "MALLOC_MMAP_THRESHOLD_", "MALLOC_TRIM_THRESHOLD_", "MALLOC_TOP_PAD_",
            "GLINT_LOG_LEVEL", "PWD",
        ]
        // bubblewrap, its PID namespace's init and the runner: none has a secret.
        for pid in Self.family(of: RunnerProcesses.children(of: server.process.process.processIdentifier).first ?? runner) {
            let environment = Self.environment(of: pid)
            #expect(!environment.isEmpty || !RunnerProcesses.arguments(of: pid).isEmpty, "pid \(pid)'s environment could not be read")
            #expect(!environment.values.contains { $0.contains(Self.secretMarker) }, "pid \(pid) sees a secret: \(environment.keys.sorted())")
            #expect(Set(environment.keys).isSubset(of: allowed), "pid \(pid): \(environment.keys.sorted())")
        }
        #expect(Self.environment(of: runner)["GLINT_LOG_LEVEL"] == "info")
        #expect(await server.stop() == 0)
    }

    @Test("a runner of glint serve runs under seccomp, without network, and sees neither the data directory nor /etc/passwd nor unneeded /opt folders")
    func minimalView() async throws {
        let (server, _, runner) = try await Self.serverWithWarmRunner()
        defer { server.remove() }
        #expect(Self.status("Seccomp", of: runner) == "2", "a seccomp filter (mode 2)")
        #expect(Self.status("NoNewPrivs", of: runner) == "1")
        let network = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(runner)/ns/net")
        #expect(network != (try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/ns/net")), "a network namespace of its own")
        let data = server.dataDirectory.path
        for path in [data + "/blobs", data + "/queue.sqlite", data + "/server.sqlite", data + "/server-secret", "/etc/passwd", "/root", "/home"] {
            #expect(!Self.sees(runner, path), "the runner sees \(path)")
        }
        // The data directory is there only as the empty folders its runner folder is mounted on.
        let listing = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(runner)/root\(data)")
        #expect(listing == ["work"], "\(listing)")
        #expect(Self.sees(runner, "/usr/lib"), "the runner's view is readable from here: \(runner)")
        // Of /opt, only the folders of libraries serve loaded from there (the Swift runtime's).
        let maps = (try? String(contentsOfFile: "/proc/\(server.process.process.processIdentifier)/maps", encoding: .utf8)) ?? ""
        let opt = (try? FileManager.default.contentsOfDirectory(atPath: "/opt")) ?? []
        for folder in opt.map({ "/opt/" + $0 }) where !maps.contains(folder + "/") {
            #expect(!Self.sees(runner, folder), "the runner sees \(folder), which glint does not load from")
        }
        #expect(await server.stop() == 0)
    }

    /// A folder whose `bwrap` fails as bubblewrap does where user namespaces are not allowed.
    static func failingBubblewrap(in directory: TemporaryDirectory) throws -> URL {
        let folder = try directory.subdirectory("fake-bin")
        // Written by a shell of its own, not by this process: a process that another test starts
        // while this one holds the file open for writing inherits that descriptor, and running
        // the file then fails with "Text file busy" (ETXTBSY) for as long as that process lives.
        let script = "#!/bin/sh\necho 'bwrap: No permissions to create new namespace' >&2\nexit 1\n"
        let written = try ExternalTool.run(
            URL(fileURLWithPath: "/bin/sh"),
            ["-c", "printf '%s' \"$1\" > \"$2\" && chmod 755 \"$2\"", "sh", script, folder.appendingPathComponent("bwrap").path])
        try #require(written.succeeded, "\(written.summary)")
        return folder
    }

    @Test(
        "glint serve and glint worker refuse to start without a sandbox (bwrap missing, or unable to make namespaces), saying why and how",
        arguments: ["serve", "worker"])
    func refusesWithoutSandbox(command: String) throws {
        let directory = try TemporaryDirectory("glint-no-sandbox")
        defer { directory.remove() }
        let fake = try Self.failingBubblewrap(in: directory)
        let serving = command == "serve" ? ["--port", "0"] : []
        for (path, why) in [("/nonexistent", "bubblewrap (bwrap) is not installed"), (fake.path, "No permissions to create new namespace")] {
            let run = try GlintProcess.run(
                [command, "--data-dir", directory.file("data").path] + serving, extraEnvironment: ["PATH": path], timeout: 60)
            #expect(run.status != 0, "glint \(command) started without a sandbox: \(run.stderrText)")
            #expect(run.stderrText.contains(why), "\(run.stderrText)")
            #expect(run.stderrText.contains("apt-get install bubblewrap") && run.stderrText.contains("--sandbox none"), "\(run.stderrText)")
        }
    }

    @Test("--sandbox none, said explicitly, starts runners with their limits only and a warning; the job completes")
    func explicitlyUnsandboxed() async throws {
        let (server, _, runner) = try await Self.serverWithWarmRunner(["--sandbox", "none"], environment: ["PATH": "/nonexistent"])
        defer { server.remove() }
        #expect(server.logText.contains("without a sandbox (--sandbox none)"), "\(server.logText.suffix(2000))")
        #expect(Self.status("Seccomp", of: runner) == "0")
        #expect(!Self.environment(of: runner).values.contains { $0.contains(Self.secretMarker) }, "a clean environment all the same")
        #expect(await server.stop() == 0)
    }

    @Test(
        "an HLS playlist uploaded as a .mov that points at file:///etc/passwd and another movie: refused or failed, never followed",
        .requires(.livePhotoPair))
    func playlistMovie() async throws {
        let server = try await SecurityServer.start()
        defer { server.remove() }
        let key = try server.createKey(tenant: "hls")
        let other = URL(fileURLWithPath: SharedFixtures.livePhotoMovie).absoluteString
        let playlist = "#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:1.0,\n\(other)\n#EXTINF:1.0,\nfile:///etc/passwd\n#EXT-X-ENDLIST\n"
        let still = try await server.upload(try Data(contentsOf: URL(fileURLWithPath: SharedFixtures.livePhotoStill)), key: key)
        let movie = try await server.upload(Data(playlist.utf8), key: key)
        let submitted = try await server.submit(
            ["kind": "livephoto.edit", "params": ["recipe": ["exposure": 0.3]], "inputs": ["still": still, "movie": movie], "maxAttempts": 1], key: key)
        if submitted.status == 422 {
            #expect(!submitted.text.contains("root:"), "\(submitted)")
        } else {
            let id = try #require(try submitted.json()["id"] as? String, "\(submitted)")
            let job = try await server.finishedJob(id, key: key)
            #expect(job["state"] as? String == "discarded", "\(job)")
            #expect(!"\(job)".contains("root:"), "\(job)")
        }
        #expect(await server.isAlive(within: 60))
        #expect(await server.stop() == 0)
    }
}
