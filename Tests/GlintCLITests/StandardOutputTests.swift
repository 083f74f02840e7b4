import Foundation
import GlintMedia
import GlintTestSupport
import Testing

/// `--out -` writes a single-file output to standard output, and an output path that is not a
/// regular file (a device, a link to one) is written through, never replaced by a rename.
@Suite("--out -, devices and links", .suiteTimeLimit)
struct StandardOutputTests {
    @Test("glint rings --out - writes the PNG to standard output and its report to standard error")
    func ringsToStandardOutput() throws {
        let run = try GlintProcess.run(["rings", "--move", "0.5", "--exercise", "0.5", "--stand", "0.5", "--size", "64", "--out", "-", "--json"])
        try #require(run.succeeded, "\(run.summary)")
        let image = try PNGDecoder.decode([UInt8](run.stdout))
        #expect(image.width == 64 && image.height == 64)
        #expect(run.stderrText.contains("\"outerDiameter\""), "the JSON report is not on standard error: \(run.stderrText)")
    }

    @Test("glint jobs output --out - and --out through a link to a device")
    func jobsOutputToStandardOutput() async throws {
        let directory = try TemporaryDirectory("glint-stdout")
        defer { directory.remove() }
        let data = directory.file("data")
        let submitted = try JobsCommandTests.jobs(["submit", "queue.noop", "--params", #"{"output": "to standard output"}"#], data: data)
        try #require(submitted.succeeded, "\(submitted.summary)")
        let id = submitted.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
        let worker = try WorkerProcess(["--data-dir", data.path, "--enable-test-kinds"], log: directory.file("worker.log"))
        let waited = try JobsCommandTests.jobs(["wait", id, "--timeout", "120"], data: data)
        #expect(waited.succeeded, "\(waited.summary)")
        #expect(await worker.stop() == 0, "worker: \(worker.logText)")

        let printed = try JobsCommandTests.jobs(["output", id, "output", "--out", "-"], data: data)
        try #require(printed.succeeded, "\(printed.summary)")
        #expect(printed.stdoutText == "to standard output")
        #expect(printed.stderrText.contains("18 bytes"))

        // A link to a character device, as /dev/stdout is one: written through, never replaced.
        let link = directory.file("device-link")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "/dev/null")
        let through = try JobsCommandTests.jobs(["output", id, "output", "--out", link.path], data: data)
        #expect(through.succeeded, "\(through.summary)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "/dev/null", "the link was replaced by a file")

        let refused = try JobsCommandTests.jobs(["output", id, "output", "--out", directory.url.path, "--json"], data: data)
        #expect(refused.status == 1)
        #expect(refused.stderrText.contains("is a directory"), "\(refused.summary)")
    }
}
