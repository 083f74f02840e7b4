import Foundation
import GlintLivePhoto
import GlintTestSupport
import Testing

/// A modern iPhone pair, HEIC + HEVC .mov, through `glint fixture`, `inspect` and `edit`: the
/// same acceptance lines as a JPEG pair, checked with exiftool, ffprobe and ffmpeg.
@Suite("glint edit on HEIC + HEVC pairs", .suiteTimeLimit)
struct EditHEICPairTests {
    static let recipe = #"{"exposure":0.5,"crop":{"x":0.1,"y":0.1,"width":0.8,"height":0.8}}"#
    static let sizes = ["--still-size", "640x480", "--frame-size", "192x144", "--frames", "12"]

    /// What `glint fixture --json` prints.
    struct FixtureDocument: Decodable {
        var still: String
        var movie: String
        var contentIdentifier: String?
    }

    func fixture(in directory: URL, name: String, _ options: [String]) throws -> FixtureDocument {
        let run = try GlintProcess.run(
            [
                "fixture", "--out", directory.path, "--name", name, "--json",
                "--still-format", "heic", "--codec", "hevc",
            ] + Self.sizes + options)
        try #require(run.succeeded, "\(run.summary)")
        let document = try JSONDecoder().decode(FixtureDocument.self, from: run.stdout)
        #expect(document.still.hasSuffix("/\(name).heic"))
        return document
    }

    func edit(_ still: String, _ movie: String, into output: URL) throws -> LivePhotoEditor.Result {
        let run = try GlintProcess.run([
            "edit", still, movie, "--recipe", Self.recipe, "--out", output.path,
            "--codec", "hevc", "--preset", "ultrafast", "--json",
        ])
        try #require(run.succeeded, "\(run.summary)")
        #expect(run.stderrText.isEmpty, "a successful --json edit should write nothing to stderr: \(run.stderrText)")
        return try JSONDecoder().decode(LivePhotoEditor.Result.self, from: run.stdout)
    }

    func inspect(_ paths: [String]) throws -> InspectDocument {
        let run = try GlintProcess.run(["inspect"] + paths + ["--json"])
        #expect(run.succeeded, "\(run.summary)")
        return try InspectDocument.decode(run)
    }

    /// The identifier exiftool reads from a still's Apple MakerNote.
    static func exiftoolStillIdentifier(_ path: String) throws -> String? {
        let tags = try MediaTools.tags(URL(fileURLWithPath: path))
        return (MediaTools.value("ContentIdentifier", in: tags) ?? MediaTools.value("MediaGroupUUID", in: tags)) as? String
    }

    /// The presentation times ffprobe reads for the video packets, sorted.
    static func videoPacketTimes(_ path: String) throws -> [String] {
        let tool = try #require(MediaTools.ffprobe)
        let run = try ExternalTool.run(
            tool,
            [
                "-v", "error", "-select_streams", "v:0", "-show_entries", "packet=pts_time",
                "-of", "csv=p=0", path,
            ])
        try #require(run.succeeded, "\(run.summary)")
        return run.stdoutText.split(separator: "\n").map(String.init).sorted { Double($0) ?? 0 < Double($1) ?? 0 }
    }

    @Test(
        "a generated HEIC + HEVC pair pairs, and its edit keeps identity, still time, frames, timestamps, audio and aspect",
        .requires(.exiftool, .ffprobe, .ffmpeg))
    func generatedPairKeepsEverything() throws {
        let work = try TemporaryDirectory()
        defer { work.remove() }
        let input = try fixture(in: work.url, name: "IMG_0042", ["--rotation", "90"])
        let identifier = try #require(input.contentIdentifier)

        let before = try inspect([input.still, input.movie])
        try #require(before.livePhotos.count == 1, "the generated HEIC pair does not pair: \(before.unpaired)")
        #expect(before.files.first { $0.path == input.still }?.kind == .heic)

        let output = work.file("edited")
        let result = try edit(input.still, input.movie, into: output)
        #expect(result.identifierSource == .kept && result.contentIdentifier.rawValue == identifier)
        #expect(TemporaryDirectory.contents(of: output) == ["IMG_0042.heic", "IMG_0042.mov"])
        #expect(result.frameCount == 12)

        let after = try inspect([result.stillPath, result.moviePath])
        try #require(after.livePhotos.count == 1, "the edited pair does not pair: \(after.unpaired)")
        #expect(after.livePhotos[0].contentIdentifier.rawValue == identifier)
        #expect(after.livePhotos[0].stillImageTime == before.livePhotos[0].stillImageTime)
        let stillReport = try #require(after.files.first { $0.path == result.stillPath })
        #expect(stillReport.kind == .heic)
        let still = try #require(stillReport.still)
        let movie = try #require(after.files.first { $0.path == result.moviePath }?.movie)
        let (stillAspect, movieAspect) = (EditRealPairTests.displayAspect(still), EditRealPairTests.displayAspect(movie))
        #expect(abs(stillAspect / movieAspect - 1) <= 0.01, "still \(still.width)x\(still.height), movie \(movie)")

        #expect(try Self.exiftoolStillIdentifier(result.stillPath) == identifier)
        let movieTags = try MediaTools.tags(URL(fileURLWithPath: result.moviePath))
        #expect(movieTags["Keys:ContentIdentifier"] as? String == identifier)
        #expect(movieTags.contains { $0.key.hasSuffix(":StillImageTime") }, "exiftool -ee finds no StillImageTime")

        #expect(try MediaTools.videoFrameCount(URL(fileURLWithPath: result.moviePath)) == 12)
        #expect(try Self.videoPacketTimes(result.moviePath) == Self.videoPacketTimes(input.movie))
        let original = try MediaTools.audioPackets(URL(fileURLWithPath: input.movie))
        #expect(!original.isEmpty)
        #expect(try MediaTools.audioPackets(URL(fileURLWithPath: result.moviePath)) == original)
    }

    @Test(
        "the iPhone 12 Pro HEIC (no identifier) beside a generated HEVC movie gets an identifier exiftool reads",
        .requires(.fixture(SharedFixtures.Name.heicStill), .exiftool),
        arguments: [["--still-without-identifier"], ["--identifier", "none"]])
    func realHEICTakesAnIdentifier(_ options: [String]) throws {
        let work = try TemporaryDirectory()
        defer { work.remove() }
        let input = try fixture(in: work.url, name: "IMG_5000", ["--rotation", "90"] + options)
        try FileManager.default.removeItem(atPath: input.still)
        try FileManager.default.copyItem(atPath: SharedFixtures.heicStill, toPath: input.still)
        #expect(try inspect([input.still, input.movie]).livePhotos.isEmpty)

        let result = try edit(input.still, input.movie, into: work.file("out"))
        #expect(result.identifierSource == (input.contentIdentifier == nil ? .created : .fromMovie))
        if let given = input.contentIdentifier { #expect(result.contentIdentifier.rawValue == given) }
        #expect(result.stillWidth == 2420 && result.stillHeight == 3226)
        let after = try inspect([result.stillPath, result.moviePath])
        #expect(after.livePhotos.map(\.contentIdentifier) == [result.contentIdentifier], "\(after.unpaired)")
        #expect(try Self.exiftoolStillIdentifier(result.stillPath) == result.contentIdentifier.rawValue)
        let tags = try MediaTools.tags(URL(fileURLWithPath: result.stillPath))
        #expect(tags["IFD0:Orientation"] as? String == "Horizontal (normal)")
        #expect(tags["ICC_Profile:ProfileDescription"] as? String == "Display P3")
        #expect(tags["IFD0:Model"] as? String == "iPhone 12 Pro")
        #expect(MediaTools.value("GPSLatitude", in: tags) != nil, "the HEIC lost its GPS position")
        #expect(tags["ExifIFD:ExifImageWidth"] as? Int == 2420)
    }

    @Test(
        "bad HEIC stills give one error line naming the file, and nothing is written",
        arguments: ["empty", "garbage", "truncated"])
    func badHEIC(_ damage: String) throws {
        let work = try TemporaryDirectory()
        defer { work.remove() }
        let input = try fixture(in: work.url, name: "clip", [])
        let bad = work.file("bad.heic")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: input.still))
        switch damage {
        case "empty": try Data().write(to: bad)
        case "garbage": try Data((0..<3000).map { UInt8(truncatingIfNeeded: $0 &* 151 &+ 17) }).write(to: bad)
        default: try bytes.prefix(bytes.count / 2).write(to: bad)
        }
        let output = try work.subdirectory("out")
        let run = try GlintProcess.run([
            "edit", bad.path, input.movie, "--recipe", Self.recipe, "--out", output.path,
            "--preset", "ultrafast",
        ])
        #expect(run.failedCleanly, "\(run.summary)")
        #expect(run.stderrLines.count == 1, "\(run.summary)")
        #expect(run.stderrText.contains(bad.path), "\(run.stderrText)")
        #expect(TemporaryDirectory.contents(of: output).isEmpty)
    }

    @Test(
        "inspect reports the iPhone 12 Pro HEIC: displayed size, no identifier, its ICC profile",
        .requires(.fixture(SharedFixtures.Name.heicStill)))
    func inspectRealHEIC() throws {
        let path = "\(SharedFixtures.relativeToPackageRoot)/\(SharedFixtures.Name.heicStill)"
        let document = try inspect([path])
        let report = try #require(document.files.first)
        #expect(report.kind == .heic && report.error == nil)
        let still = try #require(report.still)
        #expect(still.width == 3024 && still.height == 4032 && still.orientation == 1)
        #expect(still.contentIdentifier == nil && still.hasAppleMakerNote && still.hasGPS)
        #expect(still.iccProfileBytes == 536 && still.nclx == nil)
        #expect(document.unpaired.first?.reason.contains("no content identifier") == true)

        let text = try GlintProcess.run(["inspect", path])
        #expect(text.succeeded, "\(text.summary)")
        let line = text.stdoutText.split(separator: "\n").first.map(String.init) ?? ""
        for part in ["heic", "3024x4032", "identifier none", "ICC 536 B"] {
            #expect(line.contains(part), "\(line)")
        }
    }
}
