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
    func configuration(_ arguments: [String], environment: [String: String] = [:]) throws -> JobRunnerConfiguration? {
        try WorkerOptions.parse(arguments).runner.configuration(environment: environment)
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
        #expect(try configuration(["--isolation", "in-process"]) == nil)
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
        #expect(try configuration(["--isolation", "in-process"], environment: environment) == nil)
        #expect(try configuration([], environment: ["GLINT_ISOLATION": "in-process"]) == nil)
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

    @Test("--sandbox: auto falls back to limits only with the reason, bubblewrap requires it, none goes without")
    func sandboxModes() throws {
        // No PATH: no bwrap to be found.
        let auto = try #require(try configuration([]))
        #expect(auto.sandbox == nil)
        #expect(auto.sandboxUnavailable == "bubblewrap (bwrap) is not installed")
        #expect(throws: ValidationError.self) { try configuration(["--sandbox", "bubblewrap"]) }
        let none = try #require(try configuration(["--sandbox", "none"]))
        #expect(none.sandbox == nil && none.sandboxUnavailable == nil)
        #expect(try configuration([], environment: ["GLINT_SANDBOX": "none"])?.sandboxUnavailable == nil)
        #expect(throws: (any Error).self) { try configuration([], environment: ["GLINT_SANDBOX": "chroot"]) }
    }

    @Test(
        "where bubblewrap can make namespaces, runners of glint start under it",
        .requires(.glintBuilt, .bubblewrap))
    func sandboxFound() throws {
        let glint = try #require(Self.glint)
        let environment = ["PATH": "/usr/bin:/bin"]
        let runner = try #require(try WorkerOptions.parse(["--sandbox", "bubblewrap"]).runner.configuration(executable: glint, environment: environment))
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
