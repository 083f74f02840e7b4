import Foundation
import GlintLivePhoto
import GlintTestSupport
import Testing

/// `glint edit` with the timeline and sound keys: what `--json` and the text output report, and
/// the clear, early failures.
@Suite("glint edit: trim, key photo, volume", .suiteTimeLimit)
struct EditTimeAndSoundTests {
    /// `glint fixture` with six frames presents them at 0, 20, 40, 61, 80 and 120 (1/600 s); the
    /// still is frame 3.
    static let recipe = #"{"trim":{"start":0.03,"end":0.15},"keyPhoto":0.1,"volume":0.5,"flip":"horizontal","straighten":5}"#

    @Test func jsonReportsWhatWasDone() throws {
        let work = try TemporaryDirectory()
        defer { work.remove() }
        let (still, movie) = try GeneratedInputs.pair(in: work.url, name: "pair")
        let output = work.file("edited")
        let run = try GlintProcess.run([
            "edit", still.path, movie.path, "--recipe", Self.recipe, "--out", output.path,
            "--preset", "ultrafast", "--json",
        ])
        try #require(run.succeeded, "\(run.summary)")
        let json = try run.jsonObject()
        let trim = try #require(json["trim"] as? [String: Any], "\(run.stdoutText)")
        #expect(trim["keptFrames"] as? Int == 4 && trim["droppedFrames"] as? Int == 2)
        #expect(abs((trim["start"] as? Double ?? -1) - 20.0 / 600) < 1e-9 && abs((trim["end"] as? Double ?? -1) - 120.0 / 600) < 1e-9)
        let key = try #require(json["keyPhoto"] as? [String: Any])
        #expect(abs((key["frameTime"] as? Double ?? -1) - 40.0 / 600) < 1e-9 && key["requestedTime"] as? Double == 0.1)
        #expect(key["frameWidth"] as? Int == 96 && key["frameHeight"] as? Int == 72 && key["upscaled"] as? Bool == true)
        #expect(key["width"] as? Int == json["stillWidth"] as? Int && key["height"] as? Int == json["stillHeight"] as? Int)
        let sound = try #require(json["sound"] as? [String: Any])
        #expect(sound["gain"] as? Double == 0.5 && sound["rewritten"] as? Bool == true && sound["trimmed"] as? Bool == true)
        // The still time is the key photo's frame, counted from the trim's start.
        #expect(abs((json["stillImageTime"] as? Double ?? -1) - 20.0 / 600) < 1e-9)
        #expect(json["stillImageTimeMovedByTrim"] as? Bool == false && json["frameCount"] as? Int == 4)
        let result = try JSONDecoder().decode(LivePhotoEditor.Result.self, from: run.stdout)
        #expect(result.trim?.keptFrames == 4 && result.keyPhoto?.upscaled == true)

        let text = try GlintProcess.run([
            "edit", still.path, movie.path, "--recipe", Self.recipe, "--out", work.file("text").path,
            "--preset", "ultrafast",
        ])
        try #require(text.succeeded, "\(text.summary)")
        #expect(text.stdoutText.contains("trimmed to 0.033-0.200 s"), "\(text.stdoutText)")
        #expect(text.stdoutText.contains("key photo: frame at 0.067 s (96x72) enlarged"))
        #expect(text.stdoutText.contains("sound gain 0.50, cut to the trim"))
    }

    @Test(arguments: [
        (#"{"trim":{"start":3}}"#, "keeps no frame"), (#"{"keyPhoto":0.5}"#, "keyPhoto"),
        (#"{"trim":{"end":0.05},"keyPhoto":0.1}"#, "keyPhoto"),
    ])
    func outOfRangeTimesFailBeforeAnyWork(recipe: String, message: String) throws {
        let work = try TemporaryDirectory()
        defer { work.remove() }
        let (still, movie) = try GeneratedInputs.pair(in: work.url, name: "pair")
        let output = work.file("edited")
        let run = try GlintProcess.run(["edit", still.path, movie.path, "--recipe", recipe, "--out", output.path, "--json"])
        #expect(run.failedCleanly, "\(run.summary)")
        #expect(run.stderrLines.count == 1 && run.stderrText.contains(message), "\(run.stderrText)")
        let error = try #require(try run.jsonObject()["error"] as? [String: Any])
        #expect(error["kind"] as? String == "invalidRecipe")
        #expect(!FileManager.default.fileExists(atPath: output.path), "nothing may be written")
    }
}
