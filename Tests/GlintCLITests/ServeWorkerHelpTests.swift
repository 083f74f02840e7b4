import Foundation
import GlintTestSupport
import Testing

/// `glint serve` takes every option of `glint worker` for its embedded worker: both helps show the
/// same worker section, and both name the environment variables behind their options.
@Suite("serve and worker help", .suiteTimeLimit)
struct ServeWorkerHelpTests {
    /// The lines of `help` from `title` to the next blank line.
    static func section(_ title: String, of help: String) -> [String] {
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(of: title) else { return [] }
        return Array(lines[start...].prefix { !$0.trimmingCharacters(in: .whitespaces).isEmpty })
    }

    @Test("glint serve --help and glint worker --help list the same worker options")
    func sameWorkerOptions() throws {
        let serve = try GlintProcess.run(["serve", "--help"], extraEnvironment: ["COLUMNS": "200"]).stdoutText
        let worker = try GlintProcess.run(["worker", "--help"], extraEnvironment: ["COLUMNS": "200"]).stdoutText
        let serveSection = Self.section("WORKER OPTIONS:", of: serve)
        #expect(!serveSection.isEmpty, "no WORKER OPTIONS in\n\(serve)")
        #expect(serveSection == Self.section("WORKER OPTIONS:", of: worker))
        for option in ["--concurrency", "--queue", "--lease-seconds", "--grace-seconds", "--retention-days"] {
            #expect(serveSection.contains { $0.contains(option) }, "\(option) missing from\n\(serve)")
        }
        for option in ["--workers", "--no-workers", "--port", "--host", "--max-upload-bytes", "--store", "--data-dir"] {
            #expect(serve.contains(option), "\(option) missing from\n\(serve)")
        }
    }

    @Test("both helps name their environment variables")
    func environmentVariables() throws {
        let serve = try GlintProcess.run(["serve", "--help"], extraEnvironment: ["COLUMNS": "200"]).stdoutText
        let worker = try GlintProcess.run(["worker", "--help"], extraEnvironment: ["COLUMNS": "200"]).stdoutText
        let shared = [
            "GLINT_STORE", "GLINT_DATA_DIR", "GLINT_CONCURRENCY", "GLINT_QUEUES", "GLINT_LEASE_SECONDS",
            "GLINT_GRACE_SECONDS", "GLINT_RETENTION_DAYS",
        ]
        for variable in shared {
            #expect(serve.contains("$" + variable), "\(variable) missing from glint serve --help")
            #expect(worker.contains("$" + variable), "\(variable) missing from glint worker --help")
        }
        for variable in ["GLINT_HOST", "GLINT_PORT", "GLINT_MAX_UPLOAD_BYTES"] {
            #expect(serve.contains("$" + variable), "\(variable) missing from glint serve --help")
        }
    }
}
