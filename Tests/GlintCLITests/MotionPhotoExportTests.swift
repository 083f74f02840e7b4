import Foundation
import GlintLivePhoto
import GlintMedia
import GlintTestSupport
import Testing

/// `glint export MOTIONPHOTO --as pair`: a Motion Photo comes out as a Live Photo that `glint
/// inspect` pairs, exiftool reads the same identifier in both halves and the still-image time;
/// a photo without motion, or with a broken video, fails cleanly and writes nothing.
@Suite("glint export of Motion Photos", .suiteTimeLimit)
struct MotionPhotoExportTests {
    static let heic = "\(SharedFixtures.relativeToPackageRoot)/motionphoto/motionphoto.heic"

    @Test(
        "the Samsung HEIC as a pair with --identifier: inspect pairs the two; exiftool reads the identifier in both and StillImageTime",
        .requires(.fixture("motionphoto/motionphoto.heic"), .exiftool))
    func samsungHEICAsPair() throws {
        let directory = try TemporaryDirectory("glint-motion-export")
        defer { directory.remove() }
        let identifier = "0F1E2D3C-4B5A-6978-8796-A5B4C3D2E1F0"
        let run = try GlintProcess.run(["export", Self.heic, "--as", "pair", "--identifier", identifier, "--out", directory.url.path, "--json"])
        try #require(run.succeeded, "\(run.summary)")
        let files = try #require(try run.jsonObject()["files"] as? [[String: Any]]).compactMap { $0["path"] as? String }
        #expect(files.map { URL(fileURLWithPath: $0).lastPathComponent } == ["motionphoto.HEIC", "motionphoto.MOV"])

        let inspected = try InspectDocument.decode(try GlintProcess.run(["inspect"] + files + ["--json"]))
        #expect(inspected.livePhotos.map(\.contentIdentifier.rawValue) == [identifier], "inspect pairs the two files")
        #expect(abs((inspected.livePhotos.first?.stillImageTime ?? 0) - 2.0566) < 1.0 / 30, "the still time is the timestamp's frame")

        let exiftool = try #require(ExternalTool.find("exiftool"))
        let still = try ExternalTool.run(exiftool, ["-s3", "-MediaGroupUUID", files[0]])
        #expect(still.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines) == identifier, "\(still.summary)")
        let movie = try ExternalTool.run(exiftool, ["-s3", "-ee", "-ContentIdentifier", "-StillImageTime", "-MajorBrand", files[1]])
        let lines = movie.stdoutText.split(separator: "\n").map(String.init)
        #expect(lines.contains(identifier) && lines.contains("-1") && lines.contains { $0.contains("QuickTime") }, "\(movie.summary)")
    }

    @Test(
        "a JPEG without motion: exit 1, 'not a Motion Photo' (typed JSON); the broken Google file: a clear error; nothing written",
        .requires(.fixture("motionphoto/normalphoto.jpg")))
    func badInput() throws {
        let directory = try TemporaryDirectory("glint-motion-export-bad")
        defer { directory.remove() }
        let out = directory.file("out").path
        let plain = try GlintProcess.run(["export", "\(SharedFixtures.relativeToPackageRoot)/motionphoto/pixel_8.jpg", "--as", "pair", "--out", out, "--json"])
        #expect(plain.status == 1, "\(plain.summary)")
        let error = try #require(try plain.jsonObject()["error"] as? [String: Any])
        #expect((error["message"] as? String)?.contains("not a Motion Photo") == true, "\(plain.summary)")
        #expect((error["file"] as? String)?.hasSuffix("pixel_8.jpg") == true)

        let broken = try GlintProcess.run(
            ["export", "\(SharedFixtures.relativeToPackageRoot)/motionphoto/google_motion_photo_broken.jpg", "--as", "pair", "--out", out])
        #expect(broken.failedCleanly, "\(broken.summary)")
        #expect(broken.stderrText.contains("google_motion_photo_broken.jpg") && broken.stderrText.contains("broken"), "\(broken.summary)")
        let written = (try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []
        #expect(written.isEmpty, "nothing was written: \(written)")
    }

    @Test(
        "glint edit of a Google Motion Photo JPEG: the same name, still a Google Motion Photo with H.264 motion and every frame",
        .requires(.fixture(SharedFixtures.Name.livePhotoStill)))
    func editKeepsTheFlavour() throws {
        let directory = try TemporaryDirectory("glint-motion-edit")
        defer { directory.remove() }
        let pair = [SharedFixtures.Name.livePhotoStill, SharedFixtures.Name.livePhotoMovie].map { "\(SharedFixtures.relativeToPackageRoot)/\($0)" }
        let made = try GlintProcess.run(["export"] + pair + ["--as", "motion-photo", "--out", directory.file("mp").path, "--json"])
        try #require(made.succeeded, "\(made.summary)")
        let source = directory.file("mp/IMG_train.MP.jpg").path
        let edited = try GlintProcess.run([
            "edit", source, "--recipe", #"{"saturation": -1}"#, "--preset", "ultrafast", "--out", directory.file("out").path, "--json",
        ])
        try #require(edited.succeeded, "\(edited.summary)")
        #expect(try edited.jsonObject()["path"] as? String == directory.file("out/IMG_train.MP.jpg").path)
        let inspected = try InspectDocument.decode(try GlintProcess.run(["inspect", directory.file("out/IMG_train.MP.jpg").path, "--json"]))
        let photo = try #require(inspected.files.first?.motionPhoto)
        #expect(photo.source == .containerDirectory && photo.primaryMime == "image/jpeg")
        #expect(photo.video.codec == "h264" && photo.video.frameCount == 22 && photo.video.decodedFrames == 22)
        #expect(abs(Double(photo.presentationTimestampUs ?? 0) / 1e6 - 0.48) < 1.0 / 15)
    }

    @Test(
        "the Samsung HEIC --as motion-photo keeps its HEIC container and HEVC samples, named as a folder run expects; told, JPEG + H.264; edited, HEIC + H.264",
        .requires(.fixture("motionphoto/motionphoto.heic")))
    func samsungHEICKeepsItsForm() throws {
        let directory = try TemporaryDirectory("glint-motion-form")
        defer { directory.remove() }
        let kept = try GlintProcess.run(["export", Self.heic, "--as", "motion-photo", "--out", directory.file("kept").path, "--json"])
        try #require(kept.succeeded, "\(kept.summary)")
        let output = directory.file("kept/motionphoto.MP.heic").path
        let notes = try #require((try kept.jsonObject()["exports"] as? [[String: Any]])?.first?["notes"] as? [String])
        #expect(notes.contains { $0.contains("kept its HEIC container and its HEVC motion") }, "\(notes)")
        #expect(!notes.contains { $0.contains("transcoded") || $0.contains("re-encoded") }, "\(notes)")
        let source = try #require(try MotionPhotoReader.read(path: Self.heic).motionPhoto)
        let written = try #require(try MotionPhotoReader.read(path: output).motionPhoto)
        #expect(written.primaryMime == "image/heic" && written.video.codec == "hevc" && written.video.frameCount == source.video.frameCount)
        #expect(try Self.videoSamples(Self.heic, source) == Self.videoSamples(output, written), "the HEVC samples are copied")

        // A folder run names the output the same way: run again with --skip-existing, it skips it.
        try FileManager.default.createDirectory(atPath: directory.file("in").path, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.heic, toPath: directory.file("in/motionphoto.heic").path)
        let folder = ["export", directory.file("in").path, "--as", "motion-photo", "--out", directory.file("folder").path, "--json"]
        try #require(try GlintProcess.run(folder).succeeded)
        let again = try GlintProcess.run(folder + ["--skip-existing"])
        #expect((try again.jsonObject()["counts"] as? [String: Any])?["skipped"] as? Int == 1, "\(again.summary)")

        let converted = try GlintProcess.run([
            "export", Self.heic, "--as", "motion-photo", "--motion-container", "jpeg", "--motion-codec", "h264", "--preset", "ultrafast",
            "--out", directory.file("jpeg").path, "--json",
        ])
        try #require(converted.succeeded, "\(converted.summary)")
        let jpeg = try #require(try MotionPhotoReader.read(path: directory.file("jpeg/motionphoto.MP.jpg").path).motionPhoto)
        #expect(jpeg.primaryMime == "image/jpeg" && jpeg.video.codec == "h264" && jpeg.video.frameCount == source.video.frameCount)

        // With a recipe the container is kept and the edited motion encoded as --codec says (H.264).
        let edited = try GlintProcess.run([
            "export", Self.heic, "--as", "motion-photo", "--recipe", #"{"exposure": 0.2}"#, "--preset", "ultrafast",
            "--out", directory.file("edited").path, "--json",
        ])
        try #require(edited.succeeded, "\(edited.summary)")
        let editedNotes = (try edited.jsonObject()["exports"] as? [[String: Any]])?.first?["notes"] as? [String] ?? []
        #expect(editedNotes.contains { $0.hasPrefix("kept its HEIC container as") }, "\(editedNotes)")
        let heic = try #require(try MotionPhotoReader.read(path: directory.file("edited/motionphoto.MP.heic").path).motionPhoto)
        #expect(heic.primaryMime == "image/heic" && heic.video.codec == "h264" && heic.video.frameCount == source.video.frameCount)
    }

    /// The video samples of `photo`'s motion, read from the file at `path`.
    static func videoSamples(_ path: String, _ photo: MotionPhoto) throws -> [[UInt8]] {
        let movie = try QuickTimeMovie(file: try RandomAccessFile(path: path, offset: photo.videoOffset, length: photo.videoLength))
        let track = try #require(movie.videoTrack)
        return try (0..<track.sampleTable.sampleCount).map { try movie.sampleData(track, index: $0) }
    }
}
