import Foundation
import GlintTestSupport
import Testing

/// `glint fixture --fps`: the constant-rate movies `make bench` is measured on.
@Suite("glint fixture frame rate", .suiteTimeLimit)
struct FixtureCommandTests {
    @Test func aConstantFrameRateGivesEvenlySpacedFrames() throws {
        let work = try TemporaryDirectory()
        defer { work.remove() }
        let run = try GlintProcess.run([
            "fixture", "--out", work.path, "--name", "steady", "--frame-size", "96x64",
            "--frames", "12", "--fps", "30", "--no-audio",
        ])
        try #require(run.succeeded, "\(run.summary)")
        let tool = try #require(MediaTools.ffprobe)
        let probe = try ExternalTool.run(
            tool,
            [
                "-v", "error", "-select_streams", "v:0", "-show_entries", "packet=pts_time",
                "-of", "csv=p=0", work.file("steady.mov").path,
            ])
        try #require(probe.succeeded, "\(probe.summary)")
        let times = probe.stdoutText.split(separator: "\n").compactMap { Double($0) }.sorted()
        #expect(times.count == 12)
        let steps = zip(times, times.dropFirst()).map { $1 - $0 }
        #expect(steps.allSatisfy { abs($0 - 1.0 / 30) < 0.0005 }, "\(steps)")
    }

    @Test func aRateThatDoesNotDivide600IsRefused() throws {
        let work = try TemporaryDirectory()
        defer { work.remove() }
        let run = try GlintProcess.run(["fixture", "--out", work.path, "--name", "odd", "--fps", "7"])
        #expect(!run.succeeded)
        #expect(run.stderrText.contains("--fps"), "\(run.stderrText)")
    }

    @Test("--gain-map takes apple or ultrahdr, and Ultra HDR only in a JPEG; nothing is written otherwise")
    func badGainMapsAreRefused() throws {
        let work = try TemporaryDirectory()
        defer { work.remove() }
        let unknown = try GlintProcess.run(["fixture", "--out", work.path, "--name", "a", "--gain-map", "../../etc/passwd"])
        #expect(unknown.failedCleanly && unknown.stderrText.contains("use apple or ultrahdr"), "\(unknown.summary)")
        let heic = try GlintProcess.run([
            "fixture", "--out", work.path, "--name", "b", "--gain-map", "ultrahdr", "--still-format", "heic", "--codec", "hevc",
            "--still-size", "64x48", "--frame-size", "32x24", "--frames", "2",
        ])
        #expect(heic.failedCleanly && heic.stderrText.contains("JPEG only"), "\(heic.summary)")
        #expect(!FileManager.default.fileExists(atPath: work.file("b.heic").path), "no half-written still")
    }
}
