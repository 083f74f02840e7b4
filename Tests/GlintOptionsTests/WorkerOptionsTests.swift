import ArgumentParser
import Foundation
import GlintOptions
import GlintQueue
import GlintTestSupport
import Testing

/// `glint worker`'s options (and `glint serve`'s embedded worker's): flags, else environment
/// variables, else `JobWorkerConfiguration`'s defaults.
@Suite("WorkerOptions", .suiteTimeLimit)
struct WorkerOptionsTests {
    static let workDirectory = URL(fileURLWithPath: "/tmp/glint-work")

    func configuration(_ arguments: [String], environment: [String: String] = [:]) throws -> JobWorkerConfiguration {
        try WorkerOptions.parse(arguments).configuration(workerID: "w1", workDirectory: Self.workDirectory, environment: environment)
    }

    @Test("no flag and no variable: the configuration type's defaults")
    func defaults() throws {
        let configuration = try configuration([])
        let defaults = JobWorkerConfiguration(workerID: "w1", workDirectory: Self.workDirectory)
        #expect(configuration.concurrency == defaults.concurrency)
        #expect(configuration.queues == defaults.queues)
        #expect(configuration.lease == defaults.lease)
        #expect(configuration.rescueInterval == defaults.rescueInterval)
        #expect(configuration.retention == defaults.retention)
        #expect(configuration.shutdownGracePeriod == defaults.shutdownGracePeriod)
        #expect(configuration.workerID == "w1")
        #expect(configuration.workDirectory == Self.workDirectory)
    }

    @Test("flags set every worker setting")
    func flags() throws {
        let configuration = try configuration([
            "--concurrency", "4", "--queue", "media", "--queue", "bulk", "--lease-seconds", "6",
            "--grace-seconds", "1.5", "--retention-days", "2",
        ])
        #expect(configuration.concurrency == 4)
        #expect(configuration.queues == ["media", "bulk"])
        #expect(configuration.lease == .seconds(6))
        #expect(configuration.rescueInterval == .seconds(3))  // half a lease shorter than 10 s
        #expect(configuration.shutdownGracePeriod == .milliseconds(1500))
        #expect(configuration.retention == .seconds(2 * 86400))
    }

    @Test("environment variables set every worker setting")
    func environment() throws {
        let configuration = try configuration(
            [],
            environment: [
                "GLINT_CONCURRENCY": "3", "GLINT_QUEUES": "media, bulk", "GLINT_LEASE_SECONDS": "60",
                "GLINT_GRACE_SECONDS": "0", "GLINT_RETENTION_DAYS": "0.5",
            ])
        #expect(configuration.concurrency == 3)
        #expect(configuration.queues == ["media", "bulk"])
        #expect(configuration.lease == .seconds(60))
        #expect(configuration.rescueInterval == .seconds(5))
        #expect(configuration.shutdownGracePeriod == .zero)
        #expect(configuration.retention == .seconds(43200))
    }

    @Test("a flag wins over its variable; an empty variable is unset")
    func flagBeatsEnvironment() throws {
        let configuration = try configuration(
            ["--concurrency", "5", "--queue", "a"],
            environment: ["GLINT_CONCURRENCY": "3", "GLINT_QUEUES": "b", "GLINT_LEASE_SECONDS": ""])
        #expect(configuration.concurrency == 5)
        #expect(configuration.queues == ["a"])
        #expect(configuration.lease == JobWorkerConfiguration.defaultLease)
    }

    @Test(
        "out-of-range values are refused naming the flag or the variable",
        arguments: [
            ([String](), ["GLINT_CONCURRENCY": "0"], "GLINT_CONCURRENCY must be at least 1"),
            ([], ["GLINT_CONCURRENCY": "two"], "GLINT_CONCURRENCY=two"),
            ([], ["GLINT_LEASE_SECONDS": "0.1"], "GLINT_LEASE_SECONDS must be at least 0.5"),
            ([], ["GLINT_GRACE_SECONDS": "-1"], "GLINT_GRACE_SECONDS must not be negative"),
            ([], ["GLINT_QUEUES": "a,,b"], "GLINT_QUEUES=a,,b"),
            (["--lease-seconds", "0.2"], [:], "--lease-seconds must be at least 0.5"),
            (["--grace-seconds=-1"], [:], "--grace-seconds must not be negative"),
        ])
    func refused(arguments: [String], environment: [String: String], message: String) throws {
        do {
            // `parse` validates against this process's environment; the flags alone fail there.
            let options = try WorkerOptions.parse(arguments)
            _ = try options.configuration(environment: environment)
            Issue.record("accepted \(arguments) \(environment)")
        } catch {
            #expect(WorkerOptions.message(for: error).contains(message), "\(WorkerOptions.message(for: error))")
        }
    }

    @Test("--concurrency 0 is a usage error")
    func zeroConcurrency() {
        #expect(throws: (any Error).self) { try WorkerOptions.parse(["--concurrency", "0"]) }
    }

    @Test("the help names every flag's variable and the configuration type's default")
    func help() {
        let help = WorkerOptions.helpMessage(columns: 1000)
        for variable in ["GLINT_CONCURRENCY", "GLINT_QUEUES", "GLINT_LEASE_SECONDS", "GLINT_GRACE_SECONDS", "GLINT_RETENTION_DAYS"] {
            #expect(help.contains("$" + variable), "\(variable) missing from\n\(help)")
        }
        #expect(help.contains("How many jobs run at once (default \(JobWorkerConfiguration.defaultConcurrency);"))
        #expect(help.contains("(default 30; $GLINT_LEASE_SECONDS)"))
        #expect(help.contains("(default 7; $GLINT_RETENTION_DAYS)"))
    }
}
