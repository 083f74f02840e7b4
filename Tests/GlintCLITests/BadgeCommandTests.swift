import Foundation
import GlintGraphics
import GlintMedia
import GlintTestSupport
import Testing

@Suite("glint badge", .suiteTimeLimit)
struct BadgeCommandTests {
    /// Writes a flat PNG and returns its path.
    static func flatPNG(_ width: Int, _ height: Int, _ directory: TemporaryDirectory, _ name: String) throws -> String {
        let path = directory.file(name).path
        try Data(try PNGEncoder.encode(RGBAImage(width: width, height: height, fill: (60, 100, 140, 255)))).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("a batch: same corner, clear space and glyph-only fallback in --json, then --check passes and fails")
    func batchAndCheck() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let inputs = [try Self.flatPNG(800, 600, directory, "a.png"), try Self.flatPNG(120, 90, directory, "b.png")]
        let out = directory.file("out").path
        let run = try GlintProcess.run(["badge"] + inputs + ["--kind", "ar", "--corner", "top-right", "--out", out, "--json"])
        try #require(run.succeeded, "\(run.summary)")
        let files = try #require(try JSONSerialization.jsonObject(with: run.stdout) as? [[String: Any]])
        #expect(files.count == 2)
        #expect(files.allSatisfy { $0["corner"] as? String == "top-right" && $0["method"] as? String == "full re-encode" })
        #expect(files.map { $0["fellBackToGlyphOnly"] as? Bool } == [false, true])
        #expect(files.map { $0["clearSpace"] as? Int } == [4, 3])
        #expect(files.allSatisfy { ($0["clearSpacePercent"] as? Double ?? 0) >= 10 })
        let rect = try #require(((files[1]["badges"] as? [[String: Any]])?.first?["rect"]) as? [String: Int])
        #expect(rect == ["x": 93, "y": 3, "width": 24, "height": 24])
        let outputs = inputs.map { out + "/" + URL(fileURLWithPath: $0).lastPathComponent }
        let check = try GlintProcess.run(["badge", "--check"] + outputs + ["--kind", "ar", "--json"])
        #expect(check.succeeded, "\(check.summary)")
        // The input has no badge: exit status 1 and one error line.
        let fail = try GlintProcess.run(["badge", "--check", inputs[0], "--kind", "ar"])
        #expect(fail.failedCleanly && fail.status == 1 && fail.stderrText.contains(inputs[0]) && fail.stderrText.contains("no ar badge"))
    }

    @Test("bad input: clear errors naming the file, and no output written")
    func badInput() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let good = try Self.flatPNG(400, 300, directory, "good.png")
        let zero = directory.file("zero.png").path
        try Data(PNGHeader.signature + [0, 0, 0, 13] + Array("IHDR".utf8) + [0, 0, 0, 0, 0, 0, 0, 0, 8, 2, 0, 0, 0, 0, 0, 0, 0])
            .write(to: URL(fileURLWithPath: zero))
        let empty = directory.file("empty.png").path
        try Data().write(to: URL(fileURLWithPath: empty))
        let text = directory.file("readme.jpg").path
        try Data("hello".utf8).write(to: URL(fileURLWithPath: text))
        let tiny = try Self.flatPNG(25, 25, directory, "tiny.png")
        let badSVG = directory.file("bad.svg").path
        try Data("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"4\" height=\"2\"><g>".utf8).write(to: URL(fileURLWithPath: badSVG))
        let zeroArt = directory.file("zero-art.png").path
        try Data(contentsOf: URL(fileURLWithPath: zero)).write(to: URL(fileURLWithPath: zeroArt))
        let cases: [([String], String)] = [
            ([good, zero], zero), ([empty], empty), ([text], text), ([good, tiny], tiny),
            ([directory.file("missing.png").path], directory.file("missing.png").path),
            ([good, "--artwork", badSVG], badSVG), ([good, "--artwork", zeroArt], zeroArt),
        ]
        for (arguments, named) in cases {
            let out = directory.file("out-\(UUID().uuidString.prefix(6))").path
            let run = try GlintProcess.run(["badge"] + arguments + ["--kind", "live", "--out", out])
            #expect(run.failedCleanly && run.stderrLines.count == 1 && run.stderrText.contains(named), "\(run.summary)")
            #expect(TemporaryDirectory.contents(of: URL(fileURLWithPath: out)).isEmpty, "\(arguments) left files in \(out)")
        }
        let tinyRun = try GlintProcess.run(["badge", tiny, "--kind", "ar", "--out", directory.file("t").path])
        #expect(tinyRun.stderrText.contains("smaller than the smallest legal badge"))
    }

    @Test(
        "glint export --as still --badge live: the real still gets the badge, the rest as before",
        .requires(.sharedFixtures, .exiftool))
    func exportStillWithBadge() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let run = try GlintProcess.run([
            "export", CLIFixtures.iphoneStill, CLIFixtures.iphoneMovie, "--as", "still", "--badge", "live",
            "--out", directory.path, "--json",
        ])
        try #require(run.succeeded, "\(run.summary)")
        let document = try run.jsonObject()
        let badge = try #require((document["badges"] as? [[String: Any]])?.first)
        let file = directory.file("IMG_train.jpg").path
        #expect(badge["applied"] as? Bool == true && badge["corner"] as? String == "top-left" && badge["method"] as? String == "splice")
        #expect(
            URL(fileURLWithPath: badge["file"] as? String ?? "").resolvingSymlinksInPath().path == URL(fileURLWithPath: file).resolvingSymlinksInPath().path)
        #expect(TemporaryDirectory.contents(of: directory.url) == ["IMG_train.jpg"])
        let check = try GlintProcess.run(["badge", "--check", file, "--kind", "live", "--json"])
        #expect(check.succeeded, "\(check.summary)")
        let tags = try MediaTools.tags(directory.file("IMG_train.jpg"))
        #expect(MediaTools.value("MediaGroupUUID", in: tags) as? String == CLIFixtures.iphoneIdentifier)
        #expect(MediaTools.value("ImageSize", in: tags) as? String == "4032x3024")
        let refused = try GlintProcess.run([
            "export", CLIFixtures.iphoneStill, CLIFixtures.iphoneMovie, "--as", "mp4", "--badge", "live",
            "--out", directory.file("x").path,
        ])
        #expect(refused.failedCleanly)
    }
}
