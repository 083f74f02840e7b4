import Foundation
import GlintCore
import GlintQueue
import GlintQueueTestSupport
import GlintTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Jobs run in real runner processes (the `GlintTestRunner` executable: `JobRunnerChild` with the
/// test-only kinds `test.crash`, `test.sleep` and `test.link`) by a real worker: crashes,
/// deadlines, cancellation, progress across the process boundary, and outputs that are links.
@Suite("Runner isolation (GlintTestRunner)", .serialized, .suiteTimeLimit)
struct RunnerIsolationTests {
    /// The parent's side of the test kinds: their parameters are decoded here, their run replaced
    /// by the runner's.
    struct DeclaredKind: JobHandler {
        struct Parameters: Decodable, Sendable {
            var milliseconds: Int?
        }
        let kind: JobKind
        var isolation = JobIsolation.runner(.batch)
        var requiredInputs: Set<String> = []
        var documentation: JobKindDocumentation { JobKindDocumentation(summary: "\(kind) (tests only)", inputs: "none", parameters: "") }

        func run(_ parameters: Parameters, context: JobContext) async throws -> [String: URL] {
            Issue.record("\(kind) ran in the worker's process")
            return [:]
        }
    }

    static let runnerExecutable: URL? = {
        let directories = [URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(), Bundle.main.bundleURL.deletingLastPathComponent()]
        return directories.map { $0.appendingPathComponent("GlintTestRunner") }.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// The test kinds, run in GlintTestRunner processes whose deadlines go by `clock`.
    static func handlers(deadline: Duration = .seconds(60), clock: any WallClock = SystemWallClock()) throws -> JobHandlerRegistry {
        let executable = try #require(runnerExecutable, "GlintTestRunner was not built beside the test runner (swift build --build-tests)")
        var registry = JobHandlerRegistry()
        registry.register(DeclaredKind(kind: "test.crash"))
        registry.register(DeclaredKind(kind: "test.sleep"))
        registry.register(DeclaredKind(kind: "test.link"))
        var runner = JobRunnerConfiguration(executable: executable, arguments: tagArguments(tag), deadline: deadline)
        runner.clock = clock
        return registry.isolated(runner)
    }

    /// A number on this suite's runners' command lines: other suites start GlintTestRunner
    /// processes in the same test process, at the same time.
    static let tag = Int.random(in: 1_000_000...999_999_999)

    /// Runner arguments that mark the runners with `tag` (the runner ignores them).
    static func tagArguments(_ tag: Int) -> [String] {
        ["--test-tag", "\(tag)"]
    }

    /// The pids of this process's children running GlintTestRunner with `tag` (this suite's by default).
    static func runners(tag: Int = tag) -> [pid_t] {
        RunnerProcesses.children(of: getpid(), named: "GlintTestRunner").filter { RunnerProcesses.arguments(of: $0).contains("\(tag)") }
    }

    /// Awaits the end of every runner with `tag` alive now (told by the kernel), a minute at most.
    static func exitOfRunners(tag: Int = tag) async throws {
        try await Waiting.exit(of: runners(tag: tag), within: .seconds(60))
    }

    @Test("a runner that crashes on every attempt: runner-crashed (SIGSEGV) twice, then discarded")
    func crashEveryTime() async throws {
        try await WorkerHarness.with(handlers: Self.handlers()) { harness in
            let id = try await harness.submit("test.crash")
            let job = try await harness.withWorker { _ in try await harness.waitUntilFinished(id) }
            #expect(job.state == .discarded)
            #expect(job.attempt == 2)
            #expect(job.errors.map(\.code) == ["runner-crashed", "runner-crashed"])
            #expect(job.errors.allSatisfy { $0.message.contains("SIGSEGV") })
            #expect(job.errors.last?.message.contains("discarded") == true)
        }
        #expect(Self.runners().isEmpty)
    }

    @Test("progress crosses the process boundary; a completed job reports fraction 1")
    func progressAndCompletion() async throws {
        try await WorkerHarness.with(handlers: Self.handlers()) { harness in
            // A job long enough that no loaded machine finishes it before its progress is seen;
            // it is cancelled once seen. A short one then shows completion.
            let long = try await harness.submit("test.sleep", #"{"milliseconds": 60000}"#)
            let short = try await harness.submit("test.sleep", #"{"milliseconds": 100}"#)
            let job = try await harness.withWorker { _ in
                let running = try await harness.waitFor(long) { ($0.progress?.fraction ?? 0) > 0.005 || $0.state.isFinished }
                #expect(running.state == .running)
                #expect(running.progress?.message?.hasPrefix("step ") == true)
                _ = try await harness.store.cancel(long, tenant: nil)
                return try await harness.waitUntilFinished(short)
            }
            #expect(job.state == .completed)
            #expect(job.progress?.fraction == 1)
            #expect(String(decoding: try harness.output(job, "slept"), as: UTF8.self) == "slept 100 ms\n")
        }
    }

    @Test("an output that is a link, or named through an output folder made a link, is refused: the file linked to stays, unread")
    func linkedOutputs() async throws {
        try await WorkerHarness.with(handlers: Self.handlers()) { harness in
            let secret = harness.directory.file("secret.txt")
            try Data("another tenant's\n".utf8).write(to: secret)
            for mode in ["file", "folder"] {
                let id = try await harness.submit("test.link", #"{"target": "\#(secret.path)", "mode": "\#(mode)"}"#, maxAttempts: 1)
                let job = try await harness.withWorker { _ in try await harness.waitUntilFinished(id) }
                #expect(job.state == .discarded, "\(mode)")
                #expect(job.outputs.isEmpty, "\(mode)")
                #expect(job.errors.map(\.code) == ["handler-failed"], "\(mode)")
                #expect(job.errors.first?.message.contains("not a file") == true, "\(mode): \(job.errors)")
                #expect(try Data(contentsOf: secret) == Data("another tenant's\n".utf8), "\(mode): the file linked to is where it was")
            }
        }
    }

    @Test("past the deadline the runner is killed: time-limit, and the second time discarded")
    func deadline() async throws {
        // The deadline and the retry go by this clock; the runner's own sleep (an hour) by the
        // real one: only the deadline can end it within the test.
        let clock = ManualWallClock()
        // A deadline of 3 s: no other wait of the worker's is that long (the runner's is the one
        // sleeper for 3 s).
        let deadline = Duration.seconds(3)
        try await WorkerHarness.with(handlers: Self.handlers(deadline: deadline, clock: clock), clock: clock) { harness in
            let id = try await harness.submit("test.sleep", #"{"milliseconds": 3600000}"#)
            let job = try await harness.withWorker { _ in
                for attempt in 1...2 {
                    _ = try await harness.waitFor(id) { $0.attempt == attempt && $0.state == .running && ($0.progress?.fraction ?? -1) >= 0 }
                    try await Waiting.within(.seconds(60), "the runner's watchdog to wait for the deadline") {
                        await clock.sleepers(1, sleepingFor: deadline)
                    }
                    clock.advance(by: deadline / 2)
                    #expect(try await harness.store.job(id, tenant: nil)?.state == .running, "attempt \(attempt) ended before its deadline")
                    clock.advance(by: deadline / 2)
                    // Past the deadline; then past the retry's delay.
                    _ = try await harness.waitFor(id) { $0.errors.count == attempt }
                    clock.advance(by: .seconds(1))
                }
                return try await harness.waitUntilFinished(id)
            }
            #expect(job.state == .discarded)
            #expect(job.errors.map(\.code) == ["time-limit", "time-limit"])
            #expect(job.errors.first?.message.contains("time limit of 3 s") == true)
        }
        #expect(Self.runners().isEmpty)
    }

    @Test("cancelling a running job kills its runner (and the job ends cancelled)")
    func cancel() async throws {
        try await WorkerHarness.with(handlers: Self.handlers()) { harness in
            // An hour's sleep: only the cancellation can end the runner within the test.
            let id = try await harness.submit("test.sleep", #"{"milliseconds": 3600000}"#)
            try await harness.withWorker { _ in
                _ = try await harness.waitFor(id) { ($0.progress?.fraction ?? 0) > 0 }
                let runners = Self.runners()
                #expect(runners.count == 1)
                _ = try await harness.store.cancel(id, tenant: nil)
                // How soon it goes is measured by make bench-latency, not asserted here.
                try await Waiting.exit(of: runners, within: .seconds(60))
                #expect(Self.runners().isEmpty)
                let job = try await harness.waitUntilFinished(id)
                #expect(job.state == .cancelled)
            }
        }
    }
}
