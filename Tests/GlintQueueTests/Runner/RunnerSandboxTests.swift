import Foundation
import GlintQueue
import GlintQueueTestSupport
import GlintTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Runners under bubblewrap (``JobRunnerSandbox``), tried with the test-only kind `test.escape` of
/// `GlintTestRunner`: it attempts a TCP connection to a port this test listens on, writes outside
/// its folders and to its input, and reads a file that is not its input. The same job without the
/// sandbox shows that the attempts are real.
@Suite("Runner sandbox (bubblewrap, GlintTestRunner)", .serialized, .suiteTimeLimit)
struct RunnerSandboxTests {
    typealias Report = [String: String]

    static let sandbox: JobRunnerSandbox? = RunnerIsolationTests.runnerExecutable.flatMap {
        try? JobRunnerSandbox.probe(executable: $0, arguments: [], searchPath: ProcessInfo.processInfo.environment["PATH"] ?? "")
    }

    static func handlers(sandbox: JobRunnerSandbox?, requiresSandbox: Bool = false) throws -> JobHandlerRegistry {
        let executable = try #require(RunnerIsolationTests.runnerExecutable, "GlintTestRunner was not built (swift build --build-tests)")
        var registry = JobHandlerRegistry()
        registry.register(RunnerIsolationTests.DeclaredKind(kind: "test.escape", requiredInputs: ["file"]))
        var runner = JobRunnerConfiguration(executable: executable, arguments: [], deadline: .seconds(60))
        runner.sandbox = sandbox
        runner.requiresSandbox = requiresSandbox
        return registry.isolated(runner)
    }

    /// Runs `test.escape` against a listener on 127.0.0.1; returns its report and whether the file it
    /// tried to create outside exists.
    static func escape(sandbox: JobRunnerSandbox?) async throws -> (report: Report, escaped: Bool) {
        let listener = try LoopbackListener()
        defer { listener.close() }
        return try await WorkerHarness.with(handlers: handlers(sandbox: sandbox)) { harness in
            let input = harness.directory.file("input.txt")
            try Data("input\n".utf8).write(to: input)
            let secret = harness.directory.file("secret.txt")
            try Data("another tenant's\n".utf8).write(to: secret)
            let outside = harness.directory.file("escaped.txt")
            let unneeded = Self.unneededOptFolder ?? "/nonexistent"
            let parameters = #"{"port": \#(listener.port), "outside": "\#(outside.path)", "secret": "\#(secret.path)", "unneeded": "\#(unneeded)"}"#
            let id = try await harness.submit("test.escape", parameters, inputs: ["file": input])
            let job = try await harness.withWorker { _ in try await harness.waitUntilFinished(id) }
            #expect(job.state == .completed, "\(job.errors)")
            let report = try JSONDecoder().decode(Report.self, from: try harness.output(job, "report"))
            return (report, FileManager.default.fileExists(atPath: outside.path))
        }
    }

    /// A folder of `/opt` that runners do not need (none of the libraries this process loaded is
    /// in it), if this machine has one.
    static let unneededOptFolder: String? = {
        let needed = (try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8)) ?? ""
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: "/opt")) ?? []
        return folders.sorted().map { "/opt/" + $0 }.first { !needed.contains($0 + "/") }
    }()

    @Test(
        "under bubblewrap and seccomp a runner cannot make a socket (TCP, Unix, a pair) or a user namespace, write outside its folders or to its input, nor read what is not its input or an unneeded /opt folder; its environment is the fixed list",
        .requires(.bubblewrapNamespaces))
    func sandboxed() async throws {
        let (report, escaped) = try await Self.escape(sandbox: Self.sandbox)
        #expect(report["connect"] == "socket: Operation not permitted", "\(report)")
        #expect(report["socketUnix"] == "socket: Operation not permitted", "\(report)")
        #expect(report["socketPair"] == "socketpair: Operation not permitted", "\(report)")
        #expect(report["unshareUser"] == "unshare: Operation not permitted", "\(report)")
        if Self.unneededOptFolder != nil { #expect(report["listUnneeded"] != "ok", "\(report)") }
        #expect(
            report["environment"] == "MALLOC_ARENA_MAX,MALLOC_MMAP_THRESHOLD_,MALLOC_TOP_PAD_,MALLOC_TRIM_THRESHOLD_,PWD,SWIFT_BACKTRACE,TMPDIR",
            "nothing of the test process's environment: \(report)")
        #expect(report["writeOutside"] != "ok", "\(report)")
        #expect(!escaped)
        #expect(report["writeInput"] != "ok", "\(report)")
        #expect(report["readSecret"] != "ok", "\(report)")
        #expect(report["readInput"] == "ok", "\(report)")
        #expect(report["writeWork"] == "ok", "\(report)")
    }

    @Test("without a sandbox the same runner connects and writes outside: the attempts are real")
    func unsandboxed() async throws {
        let (report, escaped) = try await Self.escape(sandbox: nil)
        #expect(report["connect"] == "ok", "\(report)")
        #expect(report["socketUnix"] == "ok", "\(report)")
        #expect(report["writeOutside"] == "ok", "\(report)")
        if Self.unneededOptFolder != nil { #expect(report["listUnneeded"] == "ok", "\(report)") }
        #expect(report["environment"]?.contains("PWD") == false, "a clean environment without the sandbox too: \(report)")
        #expect(escaped)
        #expect(report["writeWork"] == "ok", "\(report)")
    }

    @Test("a configuration that requires a sandbox and has none fails the attempt and starts no runner: never unsandboxed by omission")
    func failsClosed() async throws {
        try await WorkerHarness.with(handlers: Self.handlers(sandbox: nil, requiresSandbox: true)) { harness in
            let input = harness.directory.file("input.txt")
            try Data("input\n".utf8).write(to: input)
            let parameters = #"{"port": 1, "outside": "/nonexistent/x", "secret": "/nonexistent/y"}"#
            let id = try await harness.submit("test.escape", parameters, inputs: ["file": input], maxAttempts: 1)
            let job = try await harness.withWorker { _ in try await harness.waitUntilFinished(id) }
            #expect(job.state == .discarded)
            #expect(job.errors.map(\.code) == ["handler-failed"], "\(job.errors)")
            #expect(job.errors.first?.message.contains("require a sandbox") == true, "\(job.errors)")
        }
    }

    @Test(
        "the sandbox's command line: no network, capabilities dropped, the system read-only, only the attempt's folders writable, a clean environment, seccomp")
    func commandLine() throws {
        let sandbox = JobRunnerSandbox(bubblewrap: "/usr/bin/bwrap", readOnlyPaths: ["/build/glint"], seccomp: try RunnerSeccompFilter.build())
        let attempt = JobRunnerSandbox.Attempt(
            readOnly: ["/data/work/1/inputs", "/data/blobs/ab/cd"], writable: ["/data/work/1/outputs", "/data/work/1/work"],
            workDirectory: "/data/work/1/work")
        let arguments = sandbox.arguments(for: attempt, environment: ["TMPDIR": "/data/work/1/work", "A": "1"], command: ["/build/glint", "runner"])
        let text = arguments.joined(separator: " ")
        #expect(arguments.prefix(5) == ["--unshare-all", "--cap-drop", "ALL", "--die-with-parent", "--new-session"])
        #expect(!arguments.contains("--share-net"))
        #expect(text.contains("--ro-bind /usr /usr"))
        #expect(!text.contains("--ro-bind /opt /opt"), "not all of /opt")
        #expect(text.contains("--proc /proc --dev /dev --tmpfs /tmp"))
        #expect(
            text.contains(
                "--ro-bind /build/glint /build/glint --ro-bind /data/work/1/inputs /data/work/1/inputs --ro-bind /data/blobs/ab/cd /data/blobs/ab/cd"))
        #expect(text.contains("--bind /data/work/1/outputs /data/work/1/outputs --bind /data/work/1/work /data/work/1/work"))
        #expect(
            text.hasSuffix(
                "--remount-ro / --remount-ro /tmp --chdir /data/work/1/work --clearenv --setenv A 1 --setenv TMPDIR /data/work/1/work --seccomp 3 -- /build/glint runner"
            ))
        #expect(!arguments.contains("/data"), "the data folder itself is not mounted")
        #expect(!sandbox.seccomp.program.isEmpty && sandbox.seccomp.program.count % 8 == 0, "a BPF program: 8 bytes an instruction")
    }
}

extension Requirement {
    /// bubblewrap that can make the sandbox's namespaces here: ``RunnerSandboxTests/sandbox``, probed by
    /// starting `GlintTestRunner` under it.
    static let bubblewrapNamespaces = Requirement(
        "bubblewrap able to make namespaces (probed with GlintTestRunner)",
        remedy: "apt-get install bubblewrap (make deps installs it), on a kernel and in a container that allow unprivileged user namespaces"
    ) { RunnerSandboxTests.sandbox != nil }
}

/// A TCP socket listening on 127.0.0.1, on a port of the kernel's choosing.
final class LoopbackListener: Sendable {
    let descriptor: Int32
    let port: Int

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(descriptor, pointer, length) == 0 && listen(descriptor, 8) == 0 && getsockname(descriptor, pointer, &length) == 0
            }
        }
        try #require(bound, "could not listen on 127.0.0.1: \(String(cString: strerror(errno)))")
        self.descriptor = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    func close() {
        _ = Glibc.close(descriptor)
    }
}
