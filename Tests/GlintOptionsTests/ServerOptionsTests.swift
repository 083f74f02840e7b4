import ArgumentParser
import Foundation
import GlintOptions
import GlintQueue
import GlintServer
import GlintTestSupport
import Testing

/// `glint serve`'s options: flags, else environment variables, else `GlintServerConfiguration`'s
/// (and `JobWorkerConfiguration`'s) defaults; the embedded worker takes every worker option.
@Suite("ServerOptions", .suiteTimeLimit)
struct ServerOptionsTests {
    func configuration(_ arguments: [String], environment: [String: String] = [:]) throws -> GlintServerConfiguration {
        try ServerOptions.parse(arguments).configuration(environment: environment)
    }

    @Test("no flag and no variable: the configuration types' defaults")
    func defaults() throws {
        let configuration = try configuration([])
        let defaults = GlintServerConfiguration()
        #expect(configuration.host == defaults.host)
        #expect(configuration.port == defaults.port)
        #expect(configuration.maxUploadBytes == defaults.maxUploadBytes)
        #expect(configuration.workers == defaults.workers)
        #expect(configuration.webhooks)
        let worker = try #require(configuration.worker)
        #expect(worker.queues == JobWorkerConfiguration.defaultQueues)
        #expect(worker.lease == JobWorkerConfiguration.defaultLease)
        #expect(worker.shutdownGracePeriod == JobWorkerConfiguration.defaultShutdownGracePeriod)
        #expect(worker.retention == JobWorkerConfiguration.defaultRetention)
    }

    @Test("flags set the server and its embedded worker")
    func flags() throws {
        let configuration = try configuration([
            "--host", "0.0.0.0", "--port", "9090", "--max-upload-bytes", "1024", "--concurrency", "3", "--queue", "media",
            "--lease-seconds", "10", "--grace-seconds", "2", "--retention-days", "1",
        ])
        #expect(configuration.host == "0.0.0.0")
        #expect(configuration.port == 9090)
        #expect(configuration.maxUploadBytes == 1024)
        #expect(configuration.workers == 3)
        let worker = try #require(configuration.worker)
        #expect(worker.queues == ["media"])
        #expect(worker.lease == .seconds(10))
        #expect(worker.shutdownGracePeriod == .seconds(2))
        #expect(worker.retention == .seconds(86400))
    }

    @Test("environment variables set the server and its embedded worker")
    func environment() throws {
        let configuration = try configuration(
            [],
            environment: [
                "GLINT_HOST": "0.0.0.0", "GLINT_PORT": "0", "GLINT_MAX_UPLOAD_BYTES": "2048", "GLINT_CONCURRENCY": "6",
                "GLINT_QUEUES": "a,b", "GLINT_LEASE_SECONDS": "12", "GLINT_GRACE_SECONDS": "3", "GLINT_RETENTION_DAYS": "14",
            ])
        #expect(configuration.host == "0.0.0.0")
        #expect(configuration.port == 0)
        #expect(configuration.maxUploadBytes == 2048)
        #expect(configuration.workers == 6)
        let worker = try #require(configuration.worker)
        #expect(worker.queues == ["a", "b"])
        #expect(worker.lease == .seconds(12))
        #expect(worker.shutdownGracePeriod == .seconds(3))
        #expect(worker.retention == .seconds(14 * 86400))
    }

    @Test("--workers is --concurrency under its older name; either wins over GLINT_CONCURRENCY")
    func workersAlias() throws {
        #expect(try configuration(["--workers", "4"]).workers == 4)
        #expect(try configuration(["--concurrency", "4"]).workers == 4)
        #expect(try configuration(["--workers", "4", "--concurrency", "4"]).workers == 4)
        #expect(try configuration(["--workers", "5"], environment: ["GLINT_CONCURRENCY": "2"]).workers == 5)
        #expect(throws: (any Error).self) { try configuration(["--workers", "4", "--concurrency", "2"]) }
        #expect(throws: (any Error).self) { try ServerOptions.parse(["--workers", "0"]) }
    }

    @Test("--no-workers runs no worker")
    func noWorkers() throws {
        let configuration = try configuration(["--no-workers", "--lease-seconds", "5"], environment: ["GLINT_CONCURRENCY": "3"])
        #expect(configuration.worker == nil)
        #expect(configuration.workers == 0)
    }

    @Test(
        "out-of-range values are refused naming the flag or the variable",
        arguments: [
            ([String](), ["GLINT_PORT": "70000"], "GLINT_PORT must be in 0...65535"),
            ([], ["GLINT_PORT": "http"], "GLINT_PORT=http"),
            ([], ["GLINT_MAX_UPLOAD_BYTES": "0"], "GLINT_MAX_UPLOAD_BYTES must be at least 1"),
            ([], ["GLINT_CONCURRENCY": "0"], "GLINT_CONCURRENCY must be at least 1"),
            (["--port=-1"], [:], "--port must be in 0...65535"),
        ])
    func refused(arguments: [String], environment: [String: String], message: String) throws {
        do {
            let options = try ServerOptions.parse(arguments)
            _ = try options.configuration(environment: environment)
            Issue.record("accepted \(arguments) \(environment)")
        } catch {
            #expect(ServerOptions.message(for: error).contains(message), "\(ServerOptions.message(for: error))")
        }
    }

    @Test("the help lists every worker option, under the same title as glint worker's")
    func help() {
        let serve = ServerOptions.helpMessage(columns: 1000)
        let worker = WorkerOptions.helpMessage(columns: 1000)
        let optionLines = worker.split(separator: "\n").filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("--") }
        #expect(optionLines.count == 15)  // 5 of the worker, 7 of the runner, --max-pixels, --max-motion-seconds, --enable-test-kinds
        for line in optionLines {
            #expect(serve.contains(line.trimmingCharacters(in: .whitespaces)), "\(line) missing from\n\(serve)")
        }
        for variable in ["GLINT_HOST", "GLINT_PORT", "GLINT_MAX_UPLOAD_BYTES", "GLINT_CONCURRENCY"] {
            #expect(serve.contains("$" + variable))
        }
    }
}
