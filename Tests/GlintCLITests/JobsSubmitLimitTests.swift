import Foundation
import GlintTestSupport
import Testing

/// `glint jobs submit` with the local store refuses inputs over `--max-pixels` /
/// `--max-motion-seconds` (or their variables) before anything is queued.
@Suite("glint jobs submit: input limits", .requires(.sharedFixtures), .suiteTimeLimit)
struct JobsSubmitLimitTests {
    static let pairInputs = ["--input", "still=\(SharedFixtures.livePhotoStill)", "--input", "movie=\(SharedFixtures.livePhotoMovie)"]

    @Test("a still over --max-pixels: exit 1, input-too-large naming the size and the limit, nothing queued; under it, queued")
    func refusedLocally() throws {
        let directory = try TemporaryDirectory("glint-jobs-limits")
        defer { directory.remove() }
        let data = directory.file("data")
        let submit = ["submit", "livephoto.edit", "--params", #"{"recipe": {"exposure": 0.5}}"#] + Self.pairInputs
        let refused = try JobsCommandTests.jobs(submit + ["--max-pixels", "1000000", "--json"], data: data)
        #expect(refused.failedCleanly && refused.status == 1, "\(refused.summary)")
        let error = try #require(try refused.jsonObject()["error"] as? [String: Any])
        #expect(error["code"] as? String == "input-too-large")
        #expect(error["message"] as? String == "input 'still' is 4032x3024 = 12.2 MP, over the limit of 1.0 MP (--max-pixels)")

        let motion = try JobsCommandTests.jobs(submit + ["--max-motion-seconds", "1"], data: data)
        #expect(motion.failedCleanly && motion.status == 1, "\(motion.summary)")
        #expect(motion.stderrText.contains("input 'movie' has 1.23 s of motion, over the limit of 1 s (--max-motion-seconds)"), "\(motion.stderrText)")
        if FileManager.default.fileExists(atPath: data.appendingPathComponent("queue.sqlite").path) {
            let listed = try JobsCommandTests.jobs(["list", "--json"], data: data)
            #expect((try listed.jsonObject()["jobs"] as? [Any])?.isEmpty == true, "a refused submission was queued")
        }

        let accepted = try JobsCommandTests.jobs(submit, data: data)
        #expect(accepted.succeeded, "\(accepted.summary)")
    }
}
