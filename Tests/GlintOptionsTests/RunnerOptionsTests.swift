import ArgumentParser
import Foundation
import GlintOptions
import GlintQueue
import GlintTestSupport
import Testing

/// Where `glint worker` and `glint serve` run media jobs, and the runners' limits: flags, else
/// environment variables, else `JobRunnerConfiguration`'s defaults.
@Suite("RunnerOptions", .suiteTimeLimit)
struct RunnerOptionsTests {
    /// The runner configuration `arguments` and `environment` give; whether bubblewrap can be had is
    /// found out only when `probing`.
    func configuration(_ arguments: [String], environment: [String: String] = [:], probing: Bool = false) throws -> JobRunnerConfiguration? {
        let configuration = try WorkerOptions.parse(arguments).runner.configuration(environment: environment)
        return probing ? try RunnerOptions.withSandbox(configuration, environment: environment) : configuration
    }

    @Test("by default media jobs run in runners: glint itself, 300 s, 2048 MiB")
    func defaults() throws {
        let runner = try #require(try configuration([]))
        #expect(runner.executable.path == "/proc/self/exe")
        #expect(runner.arguments == ["runner"])
        #expect(runner.deadline(for: "livephoto.edit") == .seconds(300))
        #expect(runner.memoryLimitBytes == 2048 << 20)
        #expect(runner.niceness == 10)
        #expect(runner.warmRunners == 2)
    }

    @Test("flags: --isolation, --deadline-seconds, --deadline KIND=SECONDS, --memory-limit-mb")
    func flags() throws {
        #expect(try configuration(["--isolation", "in-process", "--sandbox", "none"]) == nil)
        // In-process is unsandboxed: refused unless --sandbox none says so too.
        #expect(throws: (any Error).self) { try configuration(["--isolation", "in-process"]) }
        let runner = try #require(
            try configuration(["--deadline-seconds", "60", "--deadline", "livephoto.edit=1.5", "--memory-limit-mb", "512"]))
        #expect(runner.deadline(for: "livephoto.edit") == .milliseconds(1500))
        #expect(runner.deadline(for: "badge.apply") == .seconds(60))
        #expect(runner.memoryLimitBytes == 512 << 20)
        #expect(try configuration(["--warm-runners", "0"])?.warmRunners == 0)
        #expect(try configuration([], environment: ["GLINT_WARM_RUNNERS": "4"])?.warmRunners == 4)
        #expect(throws: (any Error).self) { try configuration(["--warm-runners", "-1"]) }
    }

    @Test("environment variables, and the flag before the variable")
    func environment() throws {
        let environment = [
            "GLINT_ISOLATION": "runner", "GLINT_DEADLINE_SECONDS": "20", "GLINT_DEADLINES": "rings.render=5,badge.apply=7",
            "GLINT_MEMORY_LIMIT_MB": "1024",
        ]
        let runner = try #require(try configuration([], environment: environment))
        #expect(runner.deadline(for: "rings.render") == .seconds(5))
        #expect(runner.deadline(for: "badge.apply") == .seconds(7))
        #expect(runner.deadline(for: "livephoto.edit") == .seconds(20))
        #expect(runner.memoryLimitBytes == 1024 << 20)
        #expect(try configuration(["--isolation", "in-process", "--sandbox", "none"], environment: environment) == nil)
        #expect(try configuration([], environment: ["GLINT_ISOLATION": "in-process", "GLINT_SANDBOX": "none"]) == nil)
        #expect(throws: (any Error).self) { try configuration([], environment: ["GLINT_ISOLATION": "in-process"]) }
    }

    @Test("--runner-priority: idle by default (nice 10, the movie kinds at SCHED_IDLE); low keeps nice 10 for every kind; normal nice 0")
    func priority() throws {
        let idle = try #require(try configuration([]))
        #expect(idle.usesIdlePriority && idle.niceness == 10)
        let low = try #require(try configuration(["--runner-priority", "low"]))
        #expect(!low.usesIdlePriority && low.niceness == 10)
        let normal = try #require(try configuration([], environment: ["GLINT_RUNNER_PRIORITY": "normal"]))
        #expect(!normal.usesIdlePriority && normal.niceness == 0)
        #expect(try configuration(["--runner-priority", "idle"], environment: ["GLINT_RUNNER_PRIORITY": "normal"])?.usesIdlePriority == true)
        for (arguments, environment, name) in [
            (["--runner-priority", "realtime"], [:], "--runner-priority"), ([], ["GLINT_RUNNER_PRIORITY": "high"], "GLINT_RUNNER_PRIORITY"),
        ] as [([String], [String: String], String)] {
            do {
                _ = try configuration(arguments, environment: environment)
                Issue.record("accepted \(arguments) \(environment)")
            } catch {
                #expect("\(error)".contains(name) || WorkerOptions.message(for: error).contains(name), "\(error)")
            }
        }
        // In-process isolation has no runners, but a bad value is still refused.
        #expect(throws: (any Error).self) {
            try configuration(["--isolation", "in-process", "--sandbox", "none"], environment: ["GLINT_RUNNER_PRIORITY": "high"])
        }
    }

    @Test("bad values are refused naming the flag or variable")
    func refused() throws {
        #expect(throws: (any Error).self) { try configuration(["--deadline", "livephoto.edit"]) }
        #expect(throws: (any Error).self) { try configuration(["--deadline-seconds", "0"]) }
        #expect(throws: (any Error).self) { try configuration(["--memory-limit-mb", "10"]) }
        #expect(throws: (any Error).self) { try configuration(["--isolation", "chroot"]) }
        #expect(throws: (any Error).self) { try configuration([], environment: ["GLINT_DEADLINES": "x=y"]) }
    }

    /// `glint`, built beside the tests.
    static let glint: URL? = {
        let directories = [URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(), Bundle.main.bundleURL.deletingLastPathComponent()]
        return directories.map { $0.appendingPathComponent("glint") }.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    @Test("--sandbox: bubblewrap (the default) refuses to start without it, saying why and how; none goes without; auto is gone")
    func sandboxModes() throws {
        // No PATH: no bwrap to be found.
        for arguments in [[], ["--sandbox", "bubblewrap"]] {
            let error = try #require(throws: ValidationError.self) { try configuration(arguments, probing: true) }
            #expect(error.message.contains("bubblewrap (bwrap) is not installed"), "\(error.message)")
            #expect(error.message.contains("apt-get install bubblewrap") && error.message.contains("--sandbox none"), "\(error.message)")
        }
        let none = try #require(try configuration(["--sandbox", "none"], probing: true))
        #expect(none.sandbox == nil && !none.requiresSandbox)
        #expect(try configuration([], environment: ["GLINT_SANDBOX": "none"], probing: true)?.sandbox == nil)
        #expect(throws: (any Error).self) { try configuration([], environment: ["GLINT_SANDBOX": "chroot"]) }
        #expect(throws: (any Error).self) { try configuration(["--sandbox", "auto"]) }
    }

    @Test("a runner gets the log level of the worker's environment and nothing else of it")
    func inheritedEnvironment() throws {
        let environment = ["GLINT_LOG_LEVEL": "debug", "GLINT_STORE": "postgres://glint:secret@db/glint", "PGPASSWORD": "secret", "HOME": "/root"]
        let runner = try #require(try configuration(["--sandbox", "none"], environment: environment))
        #expect(runner.inheritedEnvironment == ["GLINT_LOG_LEVEL": "debug"])
    }

    @Test(
        "where bubblewrap can make namespaces, runners of glint start under it",
        .requires(.glintBuilt, .bubblewrap))
    func sandboxFound() throws {
        let glint = try #require(Self.glint)
        let environment = ["PATH": "/usr/bin:/bin"]
        let configuration = try WorkerOptions.parse(["--sandbox", "bubblewrap"]).runner.configuration(executable: glint, environment: environment)
        #expect(configuration?.requiresSandbox == true && configuration?.sandbox == nil, "not probed yet")
        let runner = try #require(try RunnerOptions.withSandbox(configuration, environment: environment))
        let sandbox = try #require(runner.sandbox)
        #expect(sandbox.bubblewrap == "/usr/bin/bwrap")
        #expect(sandbox.readOnlyPaths.first == glint.resolvingSymlinksInPath().path)
    }
}

extension Requirement {
    /// `glint`, built beside the tests (``RunnerOptionsTests/glint``).
    static let glintBuilt = Requirement(
        "glint built beside the tests", remedy: "swift build --build-tests builds it"
    ) { RunnerOptionsTests.glint != nil }
}
