import Foundation
import GlintLivePhoto
import GlintMedia
import GlintTestSupport
import Testing

@Suite("glint inspect of Motion Photos", .suiteTimeLimit)
struct MotionPhotoInspectTests {
    static func inspect(_ file: String) throws -> (ProcessOutcome, MediaFileReport) {
        let run = try GlintProcess.run(["inspect", "\(SharedFixtures.relativeToPackageRoot)/motionphoto/\(file)", "--json"])
        let report = try #require(try InspectDocument.decode(run).files.first)
        return (run, report)
    }

    @Test("the four Motion Photo fixtures are classified", .requires(.fixture("motionphoto/motionphoto.heic")))
    func fixturesAreClassified() throws {
        let (heicRun, heic) = try Self.inspect("motionphoto.heic")
        #expect(heicRun.succeeded, "\(heicRun.summary)")
        let photo = try #require(heic.motionPhoto)
        #expect(photo.source == .heifBox)
        #expect(photo.video.codec == "hevc")
        #expect(photo.presentationTimestampUs == 2_056_590)

        let (pixelRun, pixel) = try Self.inspect("pixel_8.jpg")
        #expect(pixelRun.succeeded, "\(pixelRun.summary)")
        #expect(pixel.motionPhoto == nil)
        #expect(pixel.still != nil)
        #expect(pixel.containerItems?.map(\.semantic) == ["Primary", "GainMap"])
        let text = try GlintProcess.run(["inspect", "\(SharedFixtures.relativeToPackageRoot)/motionphoto/pixel_8.jpg"])
        #expect(text.stdoutText.contains("gain map"))
        #expect(text.stdoutText.contains("not a motion photo"))

        let (plainRun, plain) = try Self.inspect("normalphoto.jpg")
        #expect(plainRun.succeeded, "\(plainRun.summary)")
        #expect(plain.still != nil && plain.motionPhoto == nil && plain.containerItems == nil)

        let (brokenRun, broken) = try Self.inspect("google_motion_photo_broken.jpg")
        #expect(brokenRun.failedCleanly, "\(brokenRun.summary)")
        #expect(broken.still != nil, "the still itself is readable")
        let error = try #require(broken.error)
        #expect(error.contains("google_motion_photo_broken.jpg"))
        #expect(error.contains("embedded Motion Photo video") && error.contains("broken"))
        #expect(brokenRun.stderrLines.count == 1)
    }

    @Test("a motion photo whose MP4 was cut is a clear error", .requires(.sharedFixtures))
    func truncatedMotionPhoto() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let document = try ExportCommandTests.export("motion-photo", into: directory.url)
        let source = URL(fileURLWithPath: try #require(document.files.first).path)
        let bytes = try Data(contentsOf: source)
        let cut = directory.file("cut.MP.jpg")
        try bytes.prefix(bytes.count - 4096).write(to: cut)
        let run = try GlintProcess.run(["inspect", cut.path])
        #expect(run.failedCleanly, "\(run.summary)")
        #expect(run.stdoutText.contains("cut.MP.jpg"))
        #expect(run.stdoutText.contains("embedded Motion Photo video is broken"), "\(run.stdoutText)")
        #expect(run.stdoutText.contains("truncated"), "\(run.stdoutText)")
    }
}
