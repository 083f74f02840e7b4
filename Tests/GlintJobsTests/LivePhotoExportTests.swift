import Foundation
import GlintGraphics
import GlintJobs
import GlintLivePhoto
import GlintMedia
import GlintQueue
import GlintTestSupport
import Testing

/// The export operation `glint export` and `livephoto.export` share: the badge rule, its words in
/// each caller's spelling, and a badged still committed with no staging folder left behind.
@Suite("LivePhotoExport: one export for the command and the job", .suiteTimeLimit)
struct LivePhotoExportTests {
    @Test("only a plain still export takes a badge, and only a Live Photo badge")
    func badgeRule() {
        #expect(LivePhotoExport.badgeRefusal(kind: .live, format: .still, effect: nil) == nil)
        #expect(LivePhotoExport.badgeRefusal(kind: .liveOff, format: .still, effect: nil) == nil)
        #expect(LivePhotoExport.badgeRefusal(kind: .live, format: .mp4, effect: nil) == .notAPlainStill)
        #expect(LivePhotoExport.badgeRefusal(kind: .live, format: .still, effect: .longExposure) == .notAPlainStill)
        #expect(LivePhotoExport.badgeRefusal(kind: .ar, format: .still, effect: nil) == .notALivePhotoBadge)
    }

    @Test("the job refuses a badge in its own spelling")
    func jobSpelling() throws {
        let handler = LivePhotoExportJobHandler()
        let error = #expect(throws: JobHandlerError.self) { try handler.decodeParameters(Data(#"{"as": "mp4", "badge": "live"}"#.utf8)) }
        #expect(error?.message == #""badge" applies to "as": "still" without an effect"#)
        let kind = #expect(throws: JobHandlerError.self) { try handler.decodeParameters(Data(#"{"as": "still", "badge": "ar"}"#.utf8)) }
        #expect(kind?.message == #""badge" takes live or live-off (the Live Photo badges)"#)
    }

    @Test("encoder settings left out are the library's defaults")
    func encoderDefaults() throws {
        let parameters = try LivePhotoExportJobHandler().decodeParameters(Data(#"{"as": "still"}"#.utf8))
        #expect(parameters.encoding == MovieEncoding.default)
        #expect(parameters.jpegQuality == JPEGEncoder.defaultQuality)
    }

    @Test(
        "a badged still is the badge on the plain export, and the staging folder is gone",
        .requires(.sharedFixtures))
    func badgedStill() throws {
        let work = try TemporaryDirectory()
        defer { work.remove() }
        let pair = LivePhotoExport.Pair(
            stillPath: SharedFixtures.url(SharedFixtures.Name.livePhotoStill).path,
            moviePath: SharedFixtures.url(SharedFixtures.Name.livePhotoMovie).path)
        let inputs = [pair.stillPath, pair.moviePath]
        let plain = work.file("plain").path
        let badged = work.file("badged").path
        let specification = try BadgeSpecification(kinds: [.live], style: .overlay, corner: .topLeft)
        _ = try LivePhotoExport(format: .still, options: ExportOptions(outputDirectory: plain), inputs: inputs).run([pair])
        let result = try LivePhotoExport(
            format: .still, options: ExportOptions(outputDirectory: badged), badge: specification,
            inputs: inputs
        ).run([pair])
        let file = try #require(result.exports.first?.files.first)
        #expect(file.path == OutputPath.resolved(work.file("badged/IMG_train.jpg").path))
        let expected = try BadgeCompositor.badge(path: work.file("plain/IMG_train.jpg").path, specification: specification)
        #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: file.path))) == expected.bytes)
        #expect(file.size == Int64(expected.bytes.count))
        #expect(result.badges?.map(\.file) == [file.path])
        #expect(TemporaryDirectory.contents(of: work.file("badged")) == ["IMG_train.jpg"], "no staging folder left")
    }
}
