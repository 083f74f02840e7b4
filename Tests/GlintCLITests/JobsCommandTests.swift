import Foundation
import GlintTestSupport
import Testing

/// `glint jobs` and `glint worker` as a user runs them: submit, wait, show, fetch the output,
/// cancel, retry, and the one-line errors.
@Suite("glint jobs and glint worker", .suiteTimeLimit)
struct JobsCommandTests {
    /// Runs `glint jobs <arguments> --data-dir data`.
    static func jobs(_ arguments: [String], data: URL, sourceLocation: SourceLocation = #_sourceLocation) throws -> ProcessOutcome {
        try GlintProcess.run(["jobs"] + arguments + ["--data-dir", data.path], sourceLocation: sourceLocation)
    }

    @Test("submit, worker, wait, show and output: a rings job and a noop job complete and their files come out")
    func submitRunAndFetch() async throws {
        let directory = try TemporaryDirectory("glint-jobs-cli")
        defer { directory.remove() }
        let data = directory.file("data")

        let rings = try Self.jobs(
            ["submit", "rings.render", "--params", #"{"move": 0.3, "exercise": "40%", "stand": "3/12", "size": 64}"#, "--json"], data: data)
        try #require(rings.succeeded, "\(rings.summary)")
        let ringsJob = try #require(try rings.jsonObject()["job"] as? [String: Any])
        let ringsID = try #require(ringsJob["id"] as? String)
        #expect(ringsJob["state"] as? String == "available")

        let noopParameters = directory.file("noop.json")
        try Data(#"{"output": "hello from the queue", "sleepMilliseconds": 100}"#.utf8).write(to: noopParameters)
        let noop = try Self.jobs(["submit", "queue.noop", "--params", "@" + noopParameters.path, "--idempotency-key", "k1"], data: data)
        try #require(noop.succeeded, "\(noop.summary)")
        let noopID = noop.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
        // The same key again returns the same job.
        let again = try Self.jobs(["submit", "queue.noop", "--params", "@" + noopParameters.path, "--idempotency-key", "k1"], data: data)
        #expect(again.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines) == noopID)

        let worker = try WorkerProcess(["--data-dir", data.path, "--concurrency", "2", "--enable-test-kinds"], log: directory.file("worker.log"))
        let waited = try Self.jobs(["wait", noopID, "--timeout", "120", "--json"], data: data)
        #expect(waited.succeeded, "\(waited.summary)")
        #expect(try waited.jsonObject()["state"] as? String == "completed")
        let ringsWaited = try Self.jobs(["wait", ringsID, "--timeout", "120"], data: data)
        #expect(ringsWaited.succeeded, "\(ringsWaited.summary)")
        let status = await worker.stop()
        #expect(status == 0, "worker: \(worker.logText)")

        let shown = try Self.jobs(["show", ringsID, "--json"], data: data)
        try #require(shown.succeeded, "\(shown.summary)")
        let outputs = try #require(try shown.jsonObject()["outputs"] as? [String: Any])
        let ringsOutput = try #require(outputs["rings"] as? [String: Any])
        let blobPath = try #require(ringsOutput["path"] as? String)
        #expect(FileManager.default.contents(atPath: blobPath)?.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))

        let fetched = directory.file("hello.txt")
        let output = try Self.jobs(["output", noopID, "output", "--out", fetched.path], data: data)
        #expect(output.succeeded, "\(output.summary)")
        #expect(try String(contentsOf: fetched, encoding: .utf8) == "hello from the queue")

        let listed = try Self.jobs(["list", "--state", "completed", "--json"], data: data)
        let listedJobs = try #require(try listed.jsonObject()["jobs"] as? [[String: Any]])
        #expect(Set(listedJobs.compactMap { $0["id"] as? String }) == [ringsID, noopID])
    }

    @Test("cancel a queued job: wait exits 1 naming the state; retry queues it again")
    func cancelAndRetry() throws {
        let directory = try TemporaryDirectory("glint-jobs-cli")
        defer { directory.remove() }
        let data = directory.file("data")
        let submitted = try Self.jobs(["submit", "queue.noop"], data: data)
        try #require(submitted.succeeded, "\(submitted.summary)")
        let id = submitted.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)

        let cancelled = try Self.jobs(["cancel", id, "--json"], data: data)
        #expect(cancelled.succeeded, "\(cancelled.summary)")
        #expect(try cancelled.jsonObject()["state"] as? String == "cancelled")

        let waited = try Self.jobs(["wait", id], data: data)
        #expect(waited.failedCleanly && waited.status == 1)
        #expect(waited.stderrLines.count == 1 && waited.stderrText.contains("cancelled"), "\(waited.stderrText)")

        let retried = try Self.jobs(["retry", id, "--json"], data: data)
        #expect(retried.succeeded, "\(retried.summary)")
        #expect(try retried.jsonObject()["state"] as? String == "available")
    }

    @Test(
        "refused submissions and unknown jobs: exit 1 with one stderr line naming the problem, nothing queued",
        arguments: [
            (["submit", "image.resize"], "image.resize"),
            (["submit", "queue.noop", "--params", #"{"sleepMilliseconds": "later"}"#], "sleepMilliseconds"),
            (["submit", "badge.apply", "--params", #"{"kind": "live"}"#], "image"),
            (["submit", "badge.apply", "--params", #"{"kind": "live"}"#, "--input", "image=/nonexistent/photo.jpg"], "/nonexistent/photo.jpg"),
            (["submit", "queue.noop", "--params", "[1, 2]"], "object"),
            (["show", "not-a-job"], "not-a-job"),
            (["show", "6f9619ff-8b86-d011-b42d-00c04fc964ff"], "no such job"),
            (["submit", "queue.noop", "--store", "mysql://db"], "mysql://db"),
        ])
    func refused(arguments: [String], named: String) throws {
        let directory = try TemporaryDirectory("glint-jobs-cli")
        defer { directory.remove() }
        let data = directory.file("data")
        let run = try Self.jobs(arguments, data: data)
        #expect(run.failedCleanly && run.status == 1, "\(run.summary)")
        #expect(run.stderrLines.count == 1, "\(run.stderrText)")
        #expect(run.stderrText.contains(named), "\(run.stderrText)")
        if arguments[0] == "submit", FileManager.default.fileExists(atPath: data.appendingPathComponent("queue.sqlite").path) {
            let listed = try Self.jobs(["list", "--json"], data: data)
            #expect((try listed.jsonObject()["jobs"] as? [Any])?.isEmpty == true, "a refused submission was queued")
        }
    }
}
