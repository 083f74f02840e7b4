import Foundation
import GlintTestSupport
import Testing

@testable import GlintMedia

/// `MotionPhotoToLivePhoto`: a Motion Photo becomes a Live Photo pair whose halves carry one
/// content identifier, whose movie is QuickTime with the embedded video's samples copied and a
/// still-image-time track at the photo's timestamp, and whose still keeps its format and EXIF
/// without the video or the Motion Photo XMP.
@Suite("Motion Photo to Live Photo", .suiteTimeLimit)
struct MotionPhotoToLivePhotoTests {
    /// Every video and audio sample of `movie`, in order.
    static func samples(of movie: QuickTimeMovie) throws -> [[UInt8]] {
        var all: [[UInt8]] = []
        for track in [movie.videoTrack, movie.audioTrack].compactMap({ $0 }) {
            for index in 0..<track.sampleTable.sampleCount { all.append(try movie.sampleData(track, index: index)) }
        }
        return all
    }

    /// Checks what every conversion must give; returns the movie written.
    static func checkPair(_ result: MotionPhotoToLivePhoto.Result, source path: String) throws -> QuickTimeMovie {
        let photo = result.motionPhoto
        let movie = try QuickTimeMovie(path: result.moviePath)
        #expect(movie.majorBrand == "qt  ")
        #expect(movie.contentIdentifier == result.contentIdentifier)
        #expect(result.contentIdentifier.isCanonicalUUID)
        let embedded = try QuickTimeMovie(file: try RandomAccessFile(path: path, offset: photo.videoOffset, length: photo.videoLength))
        #expect(try samples(of: movie) == samples(of: embedded), "the samples are copied, not re-encoded")
        #expect(movie.videoTrack?.sampleTable.sampleCount == photo.video.frameCount)
        let frame = 1 / (Double(photo.video.frameCount) / photo.video.duration)
        if let timestamp = photo.presentationTimestampUs, timestamp >= 0 {
            let stillTime = try #require(movie.stillImageTime)
            #expect(abs(stillTime - Double(timestamp) / 1e6) <= frame, "still at \(stillTime) s, photo says \(timestamp) µs")
        }
        // The still pairs with the movie, and no longer holds a video.
        let still = try RandomAccessFile(path: result.stillPath)
        #expect(still.size < photo.videoOffset + 4096, "no video inside (a MakerNote added at most)")
        let container = try MotionPhotoReader.read(path: result.stillPath)
        #expect(container.motionPhoto == nil && container.directory.isEmpty, "the still is no Motion Photo any more")
        return movie
    }

    @Test(
        "the Samsung HEIC: a HEIC still and a .MOV, samples copied, still time at the timestamp, EXIF facts as QuickTime keys",
        .requires(.motionPhotoFixtures))
    func samsungHEIC() throws {
        let directory = try TemporaryDirectory("motion-to-live-heic")
        defer { directory.remove() }
        let source = SharedFixtures.url(MotionPhotoFiles.heic).path
        let result = try MotionPhotoToLivePhoto.convert(
            source, stillPath: directory.file("photo.HEIC").path, moviePath: directory.file("photo.MOV").path)
        let movie = try Self.checkPair(result, source: source)
        #expect(result.motionPhoto.presentationTimestampUs == 2_056_590)
        #expect(movie.audioTrack != nil)
        #expect(movie.metadata.string(forKey: "com.apple.quicktime.make") == "samsung")
        #expect(movie.metadata.string(forKey: "com.apple.quicktime.model") == "SM-S901U1")
        #expect(movie.metadata.string(forKey: "com.apple.quicktime.creationdate")?.hasPrefix("2023-03-08T12:31:05") == true)
        #expect(movie.metadata.string(forKey: MovieToMP4.locationKey)?.hasPrefix("+12.96") == true)
        let still = try HEICStill(path: result.stillPath)
        #expect(still.exif?.contentIdentifier == result.contentIdentifier)
        #expect(still.exif?.hasGPS == true, "the location is kept")
        #expect(still.exif?.make == "samsung")
    }

    @Test(
        "a Samsung HEIC with only the trailer (no mpvd box): the boxes before the trailer are the still, the trailer's block the video",
        .requires(.motionPhotoFixtures))
    func samsungHEICTrailerOnly() throws {
        let directory = try TemporaryDirectory("motion-to-live-heic-trailer")
        defer { directory.remove() }
        let source = SharedFixtures.url(MotionPhotoFiles.heic).path
        let original = try #require(try MotionPhotoReader.read(path: source).motionPhoto)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: source)))
        let mp4 = Array(bytes[Int(original.videoOffset)..<Int(original.videoOffset + original.videoLength)])
        let heif = try HEIFMetadataEditor(bytes: bytes).serialized()  // the same file without its mpvd box
        let (prefix, suffix) = SamsungTrailerBuilder.motionPhotoTrailer(videoLength: Int64(mp4.count))
        let path = directory.file("trailer.heic").path
        try Data(heif + prefix + mp4 + suffix).write(to: URL(fileURLWithPath: path))

        let result = try MotionPhotoToLivePhoto.convert(path, stillPath: directory.file("t.HEIC").path, moviePath: directory.file("t.MOV").path)
        #expect(result.motionPhoto.source == .samsungTrailer)
        #expect(result.motionPhoto.primaryLength == Int64(heif.count))
        #expect(result.motionPhoto.warnings.contains { $0.contains("the trailer is used") }, "the XMP's 80 bytes are reported")
        let movie = try Self.checkPair(result, source: path)
        #expect(movie.videoTrack?.sampleTable.sampleCount == 62)
        #expect(try HEICStill(path: result.stillPath).exif?.contentIdentifier == result.contentIdentifier)
    }

    @Test(
        "a Google Motion Photo JPEG of the real pair: a JPEG still with the given identifier, every frame and the still time kept",
        .requires(.livePhotoPair))
    func googleJPEG() throws {
        let directory = try TemporaryDirectory("motion-to-live-jpeg")
        defer { directory.remove() }
        let (source, _, _) = try MotionPhotoFiles.realMotionPhoto(in: directory)
        let identifier = try #require(ContentIdentifier("0F1E2D3C-4B5A-6978-8796-A5B4C3D2E1F0"))
        let result = try MotionPhotoToLivePhoto.convert(
            source, stillPath: directory.file("IMG_train.jpg").path, moviePath: directory.file("IMG_train.MOV").path, identifier: identifier)
        let movie = try Self.checkPair(result, source: source)
        #expect(result.contentIdentifier == identifier)
        let original = try QuickTimeMovie(path: SharedFixtures.livePhotoMovie)
        #expect(movie.videoTrack?.sampleTable.sampleCount == original.videoTrack?.sampleTable.sampleCount)
        let still = try JPEGStill(path: result.stillPath)
        #expect(still.exif?.contentIdentifier == identifier)
        #expect(still.file.bytes.suffix(2).elementsEqual([0xFF, 0xD9]), "the still ends at its EOI")
        let originalStill = try JPEGStill(path: SharedFixtures.livePhotoStill)
        #expect(still.file.bytes[still.file.imageDataRange] == originalStill.file.bytes[originalStill.file.imageDataRange], "the coded image is untouched")
    }

    @Test("a photo without motion is 'not a Motion Photo'; a broken one is a typed error and nothing is written", .requires(.motionPhotoFixtures))
    func badInput() throws {
        let directory = try TemporaryDirectory("motion-to-live-bad")
        defer { directory.remove() }
        for name in [MotionPhotoFiles.plain, MotionPhotoFiles.ultraHDR] {
            let error = try #require(throws: MediaError.self) {
                try MotionPhotoToLivePhoto.convert(
                    SharedFixtures.url(name).path, stillPath: directory.file("a.jpg").path, moviePath: directory.file("a.MOV").path)
            }
            #expect(error.problem.contains("not a Motion Photo"), "\(name): \(error)")
        }
        let broken = try #require(throws: MediaError.self) {
            try MotionPhotoToLivePhoto.convert(
                SharedFixtures.url(MotionPhotoFiles.broken).path, stillPath: directory.file("b.jpg").path, moviePath: directory.file("b.MOV").path)
        }
        #expect(broken.description.contains("google_motion_photo_broken.jpg") && broken.problem.contains("broken"), "\(broken)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).isEmpty, "nothing was written")
    }

    @Test("a Samsung trailer cut short and a video whose first frame does not decode are typed errors; nothing is written", .requires(.livePhotoPair))
    func brokenVideos() throws {
        let directory = try TemporaryDirectory("motion-to-live-broken")
        defer { directory.remove() }
        let mp4 = [UInt8](try Data(contentsOf: URL(fileURLWithPath: try MotionPhotoFiles.realMP4(in: directory))))
        let jpeg = try MotionPhotoFiles.smallJPEG()
        let (prefix, suffix) = SamsungTrailerBuilder.motionPhotoTrailer(videoLength: Int64(mp4.count))
        let cut = directory.file("samsung-cut.jpg").path
        try Data((jpeg + prefix + mp4 + suffix).dropLast(suffix.count + 5000)).write(to: URL(fileURLWithPath: cut))

        // The first video sample overwritten: the MP4's boxes parse, its first frame does not decode.
        var damaged = mp4
        let movie = try QuickTimeMovie(file: try RandomAccessFile(path: try MotionPhotoFiles.realMP4(in: directory)))
        let first = Int(try #require(try movie.videoTrack?.chunkRanges().first).offset)
        for index in first..<(first + 4000) { damaged[index] = UInt8(truncatingIfNeeded: index &* 7919) }
        let undecodable = directory.file("undecodable.jpg").path
        try Data(jpeg + prefix + damaged + suffix).write(to: URL(fileURLWithPath: undecodable))

        let out = try directory.subdirectory("out")
        for (path, words) in [(cut, "truncated"), (undecodable, "broken")] {
            let error = try #require(throws: MediaError.self, "\(path)") {
                try MotionPhotoToLivePhoto.convert(
                    path, stillPath: out.appendingPathComponent("a.jpg").path, moviePath: out.appendingPathComponent("a.MOV").path)
            }
            #expect(error.file == path && error.problem.contains(words), "\(error)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).isEmpty, "nothing was written")
    }

    /// A Google Motion Photo v1 packet written by hand (not by Glint's XMP code).
    static func googlePacket(videoLength: Int, timestampUs: Int) -> String {
        """
        <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\
        <rdf:Description rdf:about="" xmlns:GCamera="http://ns.google.com/photos/1.0/camera/" \
        xmlns:Container="http://ns.google.com/photos/1.0/container/" xmlns:Item="http://ns.google.com/photos/1.0/container/item/" \
        GCamera:MotionPhoto="1" GCamera:MotionPhotoVersion="1" GCamera:MotionPhotoPresentationTimestampUs="\(timestampUs)">\
        <Container:Directory><rdf:Seq>\
        <rdf:li rdf:parseType="Resource"><Container:Item Item:Mime="image/jpeg" Item:Semantic="Primary" Item:Length="0" Item:Padding="0"/></rdf:li>\
        <rdf:li rdf:parseType="Resource"><Container:Item Item:Mime="video/mp4" Item:Semantic="MotionPhoto" Item:Length="\(videoLength)" Item:Padding="0"/></rdf:li>\
        </rdf:Seq></Container:Directory></rdf:Description></rdf:RDF></x:xmpmeta>
        """
    }

    @Test(
        "Motion Photos built with ffmpeg and exiftool (Google v1, MicroVideo), and Samsung trailers with and without a wrong Google XMP, become Live Photos",
        .requires(.livePhotoPair, .ffmpeg, .exiftool))
    func independentlyBuiltForms() throws {
        let directory = try TemporaryDirectory("motion-to-live-forms")
        defer { directory.remove() }
        let (ffmpeg, exiftool) = (try #require(ExternalTool.find("ffmpeg")), try #require(ExternalTool.find("exiftool")))
        // The real movie remuxed by ffmpeg (video copied, sound to AAC): an MP4 Glint did not write.
        let mp4Path = directory.file("ffmpeg.mp4").path
        let remux = try ExternalTool.run(
            ffmpeg, ["-v", "error", "-i", SharedFixtures.livePhotoMovie, "-map", "0:v:0", "-map", "0:a:0", "-c:v", "copy", "-c:a", "aac", "-f", "mp4", mp4Path])
        try #require(remux.succeeded, "\(remux.summary)")
        let mp4 = [UInt8](try Data(contentsOf: URL(fileURLWithPath: mp4Path)))
        let still = [UInt8](try Data(contentsOf: URL(fileURLWithPath: SharedFixtures.livePhotoStill)))

        func stillWith(_ arguments: [String], name: String) throws -> [UInt8] {
            let path = directory.file(name).path
            try Data(still).write(to: URL(fileURLWithPath: path))
            let run = try ExternalTool.run(exiftool, ["-q", "-overwrite_original"] + arguments + [path])
            try #require(run.succeeded, "\(run.summary)")
            return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        }
        let packetPath = directory.file("google.xmp").path
        try Data(Self.googlePacket(videoLength: mp4.count, timestampUs: 480_000).utf8).write(to: URL(fileURLWithPath: packetPath))
        let google = try stillWith(["-xmp<=\(packetPath)"], name: "google.jpg")
        let microVideo = try stillWith(
            [
                "-XMP-GCamera:MicroVideo=1", "-XMP-GCamera:MicroVideoVersion=1", "-XMP-GCamera:MicroVideoOffset=\(mp4.count)",
                "-XMP-GCamera:MicroVideoPresentationTimestampUs=480000",
            ], name: "mvimg.jpg")
        // Samsung's mpv3 files carry Google XMP whose lengths are wrong: 80 bytes here.
        let wrongPacket = directory.file("wrong.xmp").path
        try Data(Self.googlePacket(videoLength: 80, timestampUs: 480_000).utf8).write(to: URL(fileURLWithPath: wrongPacket))
        let samsungXMP = try stillWith(["-xmp<=\(wrongPacket)"], name: "samsung-xmp.jpg")
        let (prefix, suffix) = SamsungTrailerBuilder.motionPhotoTrailer(videoLength: Int64(mp4.count))

        let forms: [(String, [UInt8], MotionPhoto.Source)] = [
            ("PXL_google.MP.jpg", google + mp4, .containerDirectory), ("MVIMG_legacy.jpg", microVideo + mp4, .microVideo),
            ("samsung.jpg", still + prefix + mp4 + suffix, .samsungTrailer), ("samsung-xmp.jpg", samsungXMP + prefix + mp4 + suffix, .samsungTrailer),
            ("google-wrong-length.MP.jpg", samsungXMP + mp4, .containerDirectory),
        ]
        for (name, bytes, source) in forms {
            let path = directory.file(name).path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let result = try MotionPhotoToLivePhoto.convert(
                path, stillPath: directory.file(name + ".out.jpg").path, moviePath: directory.file(name + ".out.MOV").path)
            #expect(result.motionPhoto.source == source, "\(name)")
            #expect(result.motionPhoto.videoLength == Int64(mp4.count), "\(name): the video is the MP4, whatever the XMP says")
            let movie = try Self.checkPair(result, source: path)
            #expect(movie.videoTrack?.sampleTable.sampleCount == 22, "\(name)")
            if source != .samsungTrailer { #expect(abs((movie.stillImageTime ?? 0) - 0.48) < 1.0 / 15, "\(name)") }
            if bytes.starts(with: samsungXMP) {
                #expect(result.motionPhoto.warnings.contains { $0.contains("is used") }, "\(name): the wrong XMP length is reported")
            }
        }
    }
}
