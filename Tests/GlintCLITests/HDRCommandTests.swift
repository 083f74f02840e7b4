import Foundation
import GlintLivePhoto
import GlintMedia
import GlintTestSupport
import Testing

/// HDR through the command line: `glint inspect --json` reports each form's parameters, and
/// `glint edit --json` says what became of a map: kept, dropped with `--sdr`, or lost when the
/// key photo is a movie frame (which has none); a still without its map claims none.
@Suite("glint inspect and edit of HDR stills", .suiteTimeLimit)
struct HDRCommandTests {
    static let fixtures = SharedFixtures.relativeToPackageRoot

    @Test("inspect --json: Apple's map with its MakerNote headroom, Ultra HDR's hdrgm and ISO 21496-1 parameters")
    func inspect() throws {
        let run = try GlintProcess.run(["inspect", "\(Self.fixtures)/heic/iphone12pro.heic", "\(Self.fixtures)/hdr/ultrahdr-train.jpg", "--json"])
        #expect(run.succeeded, "\(run.summary)")
        let files = try InspectDocument.decode(run).files
        let apple = try #require(files.first { $0.path.hasSuffix(".heic") }?.still?.hdr)
        #expect(apple.forms == [.apple] && apple.appleVersion == "1.0" && apple.headroomSource == .makerNote)
        #expect(apple.mapWidth == 2016 && apple.mapHeight == 1512 && abs((apple.headroom ?? 0) - 5.975) < 0.01)
        let ultra = try #require(files.first { $0.path.hasSuffix(".jpg") }?.still?.hdr)
        #expect(ultra.forms == [.ultraHDR, .iso21496] && ultra.ultraHDR?.hdrCapacityMax == 5.62238)
        #expect(ultra.iso21496.map { abs($0.gainMapMax[0] - 3.40181) < 1e-5 } == true)
        let text = try GlintProcess.run(["inspect", "\(Self.fixtures)/heic/iphone12pro.heic"])
        #expect(text.stdoutText.contains("HDR apple 1.0, map 2016x1512x1, headroom 5.97 (makerNote)"), "\(text.stdoutText)")
    }

    /// A Live Photo whose still is the iPhone 12 Pro's HDR HEIC (scaled down), with the shared movie.
    static func pair(in directory: TemporaryDirectory) throws -> (String, String) {
        let movie = SharedFixtures.path(SharedFixtures.Name.livePhotoMovie)
        let identifier = try #require(try QuickTimeMovie(path: movie).contentIdentifier)
        let source = try StillImageReader.read(path: SharedFixtures.path(SharedFixtures.Name.heicStill))
        let edited = try StillEditor.edit(source, recipe: EditRecipe(maxDimension: 1200), contentIdentifier: identifier)
        let still = directory.file("IMG_1.HEIC").path
        try Data(edited.bytes).write(to: URL(fileURLWithPath: still))
        return (still, movie)
    }

    func edit(_ pair: (String, String), _ recipe: String, _ extra: [String] = [], into directory: TemporaryDirectory) throws
        -> (LivePhotoEditor.Result, MediaFileReport)
    {
        let out = directory.file("out-\(UUID().uuidString.prefix(6))").path
        let run = try GlintProcess.run(["edit", pair.0, pair.1, "--recipe", recipe, "--out", out, "--preset", "ultrafast", "--json"] + extra)
        try #require(run.succeeded, "\(run.summary)")
        let result = try JSONDecoder().decode(LivePhotoEditor.Result.self, from: run.stdout)
        let inspected = try InspectDocument.decode(try GlintProcess.run(["inspect", result.stillPath, "--json"]))
        return (result, try #require(inspected.files.first))
    }

    @Test("edit --json: kept through a turn, dropped with --sdr, lost to a key photo from the movie; no claim left behind")
    func editOutcomes() throws {
        let directory = try TemporaryDirectory()
        let pair = try Self.pair(in: directory)
        let (kept, keptReport) = try edit(pair, #"{"rotate":90}"#, into: directory)
        #expect(kept.hdr?.outcome == .kept && kept.hdr?.forms == [.apple])
        #expect(keptReport.still?.hdr?.forms == [.apple] && keptReport.still?.hdr?.mapWidth == kept.hdr?.mapWidth)

        let (dropped, droppedReport) = try edit(pair, #"{"exposure":0.3}"#, ["--sdr"], into: directory)
        #expect(dropped.hdr?.outcome == .dropped && droppedReport.still?.hdr == nil)

        let (lost, lostReport) = try edit(pair, #"{"keyPhoto":0.5}"#, into: directory)
        #expect(lost.hdr?.outcome == .lost && lost.hdr?.note?.contains("movie frame") == true, "\(String(describing: lost.hdr))")
        #expect(lost.keyPhoto != nil && lostReport.still?.hdr == nil)
        let exiftool = try #require(ExternalTool.find("exiftool"), "exiftool is needed")
        let tags = try ExternalTool.run(exiftool, ["-s", "-HDRHeadroom", "-HDRGain", "-HDRGainMapVersion", lost.stillPath]).stdoutText
        #expect(tags.isEmpty, "no headroom claimed without a map: \(tags)")
    }
}
