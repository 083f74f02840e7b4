import Foundation
import GlintQueue
import GlintTestSupport
import Testing

/// `glint retention run`: one retention pass on a data directory's stores, as `glint serve` makes
/// every 10 minutes. Files nobody claims or names go after the grace; a job's input stays.
@Suite("glint retention run", .suiteTimeLimit)
struct RetentionCommandTests {
    @Test(
        "an unnamed file and an abandoned put's temporary file go once older than the grace, a job's input stays; the report counts what went",
        .requires(.fixture(SharedFixtures.Name.livePhotoStill)))
    func removesOrphanedFiles() async throws {
        let still = URL(fileURLWithPath: CLIFixtures.iphoneStill, relativeTo: SharedFixtures.packageRoot)
        let directory = try TemporaryDirectory("glint-retention-run")
        defer { directory.remove() }
        let data = directory.file("data")
        // A job whose input is the still (no worker runs it): the still's blob is named by a job.
        let submitted = try GlintProcess.run(
            ["jobs", "submit", "badge.apply", "--params", #"{"kind": "live"}"#, "--input", "image=\(still.path)", "--json", "--data-dir", data.path])
        try #require(submitted.succeeded, "\(submitted.summary)")
        // Two files nobody claims or names: one put long ago (a fixed date, years before any
        // run), one just now.
        let blobs = try FileBlobStore(directory: data.appendingPathComponent("blobs"))
        let old = try await blobs.put(Data(repeating: 1, count: 5000))
        let new = try await blobs.put(Data(repeating: 2, count: 3000))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000_000)], ofItemAtPath: blobs.url(for: old).path)
        // The work folder of a worker of this host that was killed (its pid is no process).
        let host = ProcessInfo.processInfo.hostName.split(separator: ".").first.map(String.init) ?? "host"
        let goneWorker = data.appendingPathComponent("work/\(host)-2147483000-abcdef/attempt")
        try FileManager.default.createDirectory(at: goneWorker, withIntermediateDirectories: true)
        // A put that a killed process cut short, just now.
        let partial = blobs.directory.appendingPathComponent("tmp/killed-put.partial")
        try Data(repeating: 3, count: 100).write(to: partial)

        let first = try GlintProcess.run(["retention", "run", "--json", "--data-dir", data.path])
        try #require(first.succeeded, "\(first.summary)")
        #expect(try first.jsonObject()["removedFiles"] as? Int == 1, "the default grace (1 h) takes the old file only: \(first.stdoutText)")
        #expect(try first.jsonObject()["removedFileBytes"] as? Int == 5000)
        #expect(!FileManager.default.fileExists(atPath: blobs.url(for: old).path))
        #expect(FileManager.default.fileExists(atPath: blobs.url(for: new).path))
        #expect(try first.jsonObject()["removedTemporaryFiles"] as? Int == 0, "a fresh temporary file is a put in progress")
        #expect(try first.jsonObject()["removedWorkFolders"] as? Int == 1)
        #expect(!FileManager.default.fileExists(atPath: goneWorker.deletingLastPathComponent().path))

        let second = try GlintProcess.run(["retention", "run", "--orphan-grace-seconds", "0", "--data-dir", data.path])
        try #require(second.succeeded, "\(second.summary)")
        #expect(second.stdoutText.contains("files removed: 1 (3000 bytes)"), "\(second.stdoutText)")
        #expect(!FileManager.default.fileExists(atPath: blobs.url(for: new).path))
        #expect(second.stdoutText.contains("abandoned temporary files removed: 1"), "\(second.stdoutText)")
        #expect(!FileManager.default.fileExists(atPath: partial.path))
        let remaining = try FileManager.default.subpathsOfDirectory(atPath: blobs.directory.path).filter {
            $0.split(separator: "/").count == 3 && !$0.hasPrefix("tmp")
        }
        #expect(remaining.count == 1, "the job's input stays: \(remaining)")
    }

    @Test("a negative grace or retention is refused, naming the flag")
    func badValues() throws {
        let grace = try GlintProcess.run(["retention", "run", "--orphan-grace-seconds", "-1"])
        #expect(!grace.succeeded && grace.stderrText.contains("--orphan-grace-seconds"), "\(grace.summary)")
        let days = try GlintProcess.run(["retention", "run", "--blob-retention-days", "0"])
        #expect(!days.succeeded && days.stderrText.contains("--blob-retention-days"), "\(days.summary)")
    }
}
