import Foundation
import GlintLivePhoto
import GlintMedia
import GlintTestSupport
import Testing

@Suite("glint export effects", .suiteTimeLimit)
struct ExportEffectCommandTests {
    /// Runs `glint export` on the real pair and decodes its JSON.
    static func export(into directory: URL, _ arguments: [String]) throws -> ExportDocument {
        let run = try GlintProcess.run(["export", CLIFixtures.iphoneStill, CLIFixtures.iphoneMovie, "--out", directory.path, "--json"] + arguments)
        try #require(run.succeeded, "\(run.summary)")
        return try JSONDecoder().decode(ExportDocument.self, from: run.stdout)
    }

    @Test(
        "--effect bounce --as gif and --effect loop --as webp write looping animations others read back",
        .requires(.sharedFixtures, .gifsicle, .webpmux, .ffprobe))
    func animationsOfTheRealPair() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bounce = try Self.export(into: directory.url, ["--as", "gif", "--effect", "bounce", "--max-dimension", "240"])
        let gif = try #require(bounce.files.first)
        #expect(bounce.files.count == 1 && gif.kind == .gif)
        #expect(URL(fileURLWithPath: gif.path).lastPathComponent == "IMG_train-bounce.gif")
        let effect = try #require(bounce.exports.first?.effect)
        #expect(effect.frameCount == 42 && effect.width == 240)
        let info = try ExternalTool.run(try #require(ExternalTool.find("gifsicle")), ["--info", gif.path]).stdoutText
        #expect(info.contains("42 images") && info.contains("loop forever"), "\(info)")

        let loop = try Self.export(into: directory.url, ["--as", "webp", "--effect", "loop"])
        let webp = try #require(loop.files.first)
        #expect(webp.kind == .webp && URL(fileURLWithPath: webp.path).lastPathComponent == "IMG_train-loop.webp")
        let mux = try ExternalTool.run(try #require(ExternalTool.find("webpmux")), ["-info", webp.path]).stdoutText
        #expect(mux.contains("Loop Count : 0") && mux.contains("Number of frames: \(loop.exports.first?.effect?.frameCount ?? -1)"), "\(mux)")
        #expect(mux.contains("Canvas size: 720 x 540"), "\(mux)")

        // Plain --as gif is the motion as it is.
        let live = try Self.export(into: directory.url, ["--as", "gif", "--max-dimension", "160"])
        #expect(URL(fileURLWithPath: try #require(live.files.first).path).lastPathComponent == "IMG_train.gif")
        #expect(live.exports.first?.effect?.frameCount == 22)
    }

    @Test(
        "--effect longExposure --as still writes a JPEG; --effect loop --as mp4 a movie with sound",
        .requires(.sharedFixtures, .gifsicle, .webpmux, .ffprobe))
    func stillAndMovieEffects() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let long = try Self.export(into: directory.url, ["--as", "still", "--effect", "long-exposure", "--strip-location"])
        let jpeg = try #require(long.files.first)
        #expect(jpeg.kind == .still && URL(fileURLWithPath: jpeg.path).lastPathComponent == "IMG_train-long-exposure.jpg")
        #expect(long.exports.first?.effect?.longExposure?.frameCount == 22)
        let header = try JPEGDecoder.readHeader([UInt8](try Data(contentsOf: URL(fileURLWithPath: jpeg.path))))
        #expect(header.width > 1000 && header.width <= 1308)

        let movie = try Self.export(into: directory.url, ["--as", "mp4", "--effect", "loop", "--preset", "ultrafast"])
        let mp4 = try #require(movie.files.first)
        #expect(mp4.kind == .mp4 && URL(fileURLWithPath: mp4.path).lastPathComponent == "IMG_train-loop.mp4")
        #expect(movie.exports.first?.effect?.audio == "cross-faded")
        let streams = try ExternalTool.run(
            try #require(MediaTools.ffprobe),
            [
                "-v", "error", "-show_entries", "stream=codec_name",
                "-of", "csv=p=0", mp4.path,
            ]
        ).stdoutText
        #expect(streams.contains("h264") && streams.contains("aac"), "\(streams)")
        #expect(TemporaryDirectory.contents(of: directory.url).filter { $0.hasPrefix(".") }.isEmpty)
    }

    @Test(
        "an effect in a format it has no meaning in is refused before any work",
        .requires(.sharedFixtures))
    func refusesMismatchedEffect() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        for (format, effect, words) in [
            ("gif", "longExposure", "exported as still"), ("motion-photo", "loop", "mp4, gif or webp"),
            ("gif", "sparkle", "sparkle"),
        ] {
            let run = try GlintProcess.run([
                "export", CLIFixtures.iphoneStill, CLIFixtures.iphoneMovie, "--as", format,
                "--effect", effect, "--out", directory.path,
            ])
            #expect(run.failedCleanly, "\(run.summary)")
            #expect(run.stderrText.contains(words), "\(run.stderrText)")
        }
        #expect(TemporaryDirectory.contents(of: directory.url).isEmpty)
    }
}
