import Foundation
import GlintLivePhoto
import GlintMedia
import GlintTestSupport
import Testing

/// The JSON document `glint export --json` prints.
struct ExportDocument: Decodable {
    var format: ExportFormat
    var files: [ExportedFile]
    var exports: [ExportResult]
}

@Suite("glint export", .suiteTimeLimit)
struct ExportCommandTests {
    /// Runs `glint export` on the real pair and decodes its JSON.
    static func export(_ format: String, into directory: URL, _ extra: [String] = []) throws -> ExportDocument {
        let run = try GlintProcess.run(
            [
                "export", CLIFixtures.iphoneStill, CLIFixtures.iphoneMovie, "--as", format,
                "--out", directory.path, "--json",
            ] + extra)
        try #require(run.succeeded, "\(run.summary)")
        return try JSONDecoder().decode(ExportDocument.self, from: run.stdout)
    }

    /// `exiftool -b -ee -EmbeddedVideo`: the video ExifTool finds after a JPEG's image.
    static func embeddedVideo(_ file: URL) throws -> [UInt8] {
        let run = try ExternalTool.run(try #require(MediaTools.exiftool), ["-b", "-ee", "-EmbeddedVideo", file.path])
        try #require(run.succeeded, "\(run.summary)")
        return [UInt8](run.stdout)
    }

    @Test(
        "a motion photo of the real pair is read back by glint inspect, exiftool and ffmpeg",
        .requires(.sharedFixtures, .exiftool, .ffmpeg, .ffprobe))
    func motionPhotoOfTheRealPair() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let document = try Self.export("motion-photo", into: directory.url)
        let file = try #require(document.files.first)
        #expect(document.files.count == 1)
        #expect(file.kind == .motionPhoto)
        #expect(URL(fileURLWithPath: file.path).lastPathComponent == "IMG_train.MP.jpg")
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file.path)))
        #expect(Int64(bytes.count) == file.size)

        // glint inspect: a motion photo, the video at the end, 22 frames and AAC.
        let inspect = try GlintProcess.run(["inspect", file.path, "--json"])
        #expect(inspect.succeeded, "\(inspect.summary)")
        let report = try #require(try InspectDocument.decode(inspect).files.first)
        let photo = try #require(report.motionPhoto, "not read back as a motion photo: \(inspect.stdoutText)")
        #expect(photo.source == .containerDirectory)
        #expect(photo.videoOffset + photo.videoLength == Int64(bytes.count))
        #expect(photo.video.frameCount == 22)
        #expect(photo.video.audioCodec == "aac")
        #expect(photo.presentationTimestampUs == 480_000)
        #expect(report.still?.contentIdentifier?.rawValue == CLIFixtures.iphoneIdentifier)

        // exiftool: the XMP and the video it finds after the image.
        let tags = try MediaTools.tags(URL(fileURLWithPath: file.path))
        #expect(MediaTools.value("MotionPhoto", in: tags) as? Int == 1)
        #expect(MediaTools.value("MotionPhotoVersion", in: tags) as? Int == 1)
        #expect(MediaTools.value("MotionPhotoPresentationTimestampUs", in: tags) as? Int == 480_000)
        let run = try ExternalTool.run(try #require(MediaTools.exiftool), ["-j", "-struct", "-XMP-Container:Directory", file.path])
        let object = try #require(try JSONSerialization.jsonObject(with: run.stdout) as? [[String: Any]])
        let items = try #require(object.first?["Directory"] as? [[String: Any]], "no directory: \(run.stdoutText)")
        let entries = items.compactMap { $0["Item"] as? [String: Any] }
        #expect(entries.map { $0["Semantic"] as? String } == ["Primary", "MotionPhoto"])
        #expect(entries.map { $0["Mime"] as? String } == ["image/jpeg", "video/mp4"])
        let length = try #require(entries.last?["Length"] as? Int)
        let video = try Self.embeddedVideo(URL(fileURLWithPath: file.path))
        #expect(video.count == length)
        let offset = bytes.count - length
        #expect(offset == Int(photo.videoOffset), "Item:Length is the file size minus the MP4's offset")
        #expect(Array(bytes[offset...]) == video, "the MP4 ends the file")
        #expect(video[4..<8].elementsEqual(Array("ftyp".utf8)))

        // The MP4 on its own: plays to the end, 22 frames, H.264 and AAC.
        let mp4 = directory.file("extracted.mp4")
        try Data(video).write(to: mp4)
        let decode = try ExternalTool.run(try #require(MediaTools.ffmpeg), ["-v", "error", "-i", mp4.path, "-f", "null", "-"])
        #expect(decode.succeeded && decode.stderrText.isEmpty, "\(decode.summary)")
        #expect(try MediaTools.videoFrameCount(mp4) == 22)
        let streams = try ExternalTool.run(
            try #require(MediaTools.ffprobe),
            [
                "-v", "error", "-show_entries", "stream=codec_name",
                "-of", "csv=p=0", mp4.path,
            ])
        #expect(streams.stdoutText.split(separator: "\n") == ["h264", "aac"])
    }

    @Test(
        "--strip-location leaves no GPS tag in any output, the embedded MP4 included",
        .requires(.sharedFixtures, .exiftool, .ffmpeg, .ffprobe))
    func stripLocationEverywhere() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var outputs: [URL] = []
        for format in ["pair", "still", "motion-photo", "mp4"] {
            let document = try Self.export(format, into: directory.url.appendingPathComponent(format), ["--strip-location"])
            outputs += document.files.map { URL(fileURLWithPath: $0.path) }
        }
        let motionPhoto = try #require(outputs.first { $0.lastPathComponent.hasSuffix(".MP.jpg") })
        let embedded = directory.file("embedded.mp4")
        try Data(try Self.embeddedVideo(motionPhoto)).write(to: embedded)
        outputs.append(embedded)
        #expect(outputs.count == 6)
        for output in outputs {
            let tags = try MediaTools.tags(output)
            let location = tags.keys.filter { $0.localizedCaseInsensitiveContains("GPS") || $0.contains("Location") || $0.hasSuffix("6709") }
            #expect(location.isEmpty, "\(output.lastPathComponent) still has \(location)")
        }
        // Without the flag the same outputs do carry the location (the check above can fail).
        let kept = try Self.export("mp4", into: directory.url.appendingPathComponent("kept"))
        let keptTags = try MediaTools.tags(URL(fileURLWithPath: try #require(kept.files.first).path))
        #expect(keptTags.keys.contains { $0.contains("GPS") }, "an MP4 exported without --strip-location keeps the location")
        // The stripped pair still pairs.
        let pair = outputs.filter { $0.path.contains("/pair/") }.map(\.path)
        let inspect = try GlintProcess.run(["inspect"] + pair + ["--json"])
        #expect(try InspectDocument.decode(inspect).livePhotos.count == 1)
    }

    @Test(
        "files that are not a Live Photo are refused with one clear line",
        .requires(.sharedFixtures))
    func unpairedInputIsRefused() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let run = try GlintProcess.run(["export"] + (try CLIFixtures.glob("livephoto-mismatched")) + ["--as", "mp4", "--out", directory.path])
        #expect(run.failedCleanly, "\(run.summary)")
        #expect(run.stderrLines.count == 1)
        #expect(run.stderrText.contains("not half of a Live Photo"))
        #expect(TemporaryDirectory.contents(of: directory.url).isEmpty)
    }
}
