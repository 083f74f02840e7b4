import Foundation
import GlintTestSupport
import Testing

@testable import GlintMedia

@Suite("MotionPhotoReader", .suiteTimeLimit)
struct MotionPhotoReaderTests {
    @Test("the Samsung HEIC is a motion photo through its mpvd box", .requires(.motionPhotoFixtures))
    func samsungHEICIsAMotionPhoto() throws {
        let container = try MotionPhotoReader.read(path: SharedFixtures.path(MotionPhotoFiles.heic))
        let photo = try #require(container.motionPhoto)
        #expect(photo.source == .heifBox)
        #expect(photo.primaryMime == "image/heic")
        // The mpvd box starts at 1455403; its payload (the MP4) after the 8-byte header, up to the
        // Samsung trailer's 199-byte sefd box nested after the MP4's moov (the S22/S23 layout).
        #expect(photo.videoOffset == 1_455_411)
        #expect(photo.videoLength == 2_193_459)
        // Its trailer's mpv2 record (0x00163533, 0x00217833) says the same.
        #expect(!photo.warnings.contains { $0.contains("mpv2") }, "\(photo.warnings)")
        #expect(photo.presentationTimestampUs == 2_056_590)
        #expect(photo.video.codec == "hevc")
        #expect(photo.video.frameCount > 0)
        #expect(photo.video.decodedFrames == photo.video.frameCount)
        #expect(photo.video.audioCodec == "aac")
        // Its XMP claims a length of 80 bytes: reported, not believed.
        #expect(photo.warnings.contains { $0.contains("80 bytes") })
    }

    @Test(
        "the Pixel 8 Ultra HDR JPEG is a still with a gain map, not a motion photo",
        .requires(.motionPhotoFixtures))
    func ultraHDRIsNotAMotionPhoto() throws {
        let container = try MotionPhotoReader.read(path: SharedFixtures.path(MotionPhotoFiles.ultraHDR))
        #expect(container.motionPhoto == nil)
        #expect(container.directory.map(\.semantic) == ["Primary", "GainMap"])
        #expect(container.hasGainMap)
        #expect(container.gainMapLength == 9554)
    }

    @Test("normalphoto.jpg (a PNG) is a plain still", .requires(.motionPhotoFixtures))
    func plainPhotoIsAStill() throws {
        let container = try MotionPhotoReader.read(path: SharedFixtures.path(MotionPhotoFiles.plain))
        #expect(container == PhotoContainer(motionPhoto: nil, directory: []))
    }

    @Test(
        "the broken MicroVideo JPEG gives an error naming the file and the broken video",
        .requires(.motionPhotoFixtures))
    func brokenMicroVideoIsATypedError() throws {
        let path = SharedFixtures.path(MotionPhotoFiles.broken)
        let error = try #require(throws: MediaError.self) { try MotionPhotoReader.read(path: path) }
        #expect(error.kind == .corrupt)
        #expect(error.file == path)
        #expect(error.problem.contains("embedded Motion Photo video"))
        #expect(error.problem.contains("broken"))
        #expect(error.problem.contains("MicroVideo"))
    }

    @Test(
        "a motion photo written from the real pair reads back with its exact MP4",
        .requires(.livePhotoPair))
    func writtenMotionPhotoReadsBack() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (path, written, mp4) = try MotionPhotoFiles.realMotionPhoto(in: directory)
        let size = try RandomAccessFile(path: path).size
        #expect(written.size == size)
        #expect(written.videoOffset + written.videoLength == size, "the MP4 ends the file")

        let photo = try #require(try MotionPhotoReader.read(path: path).motionPhoto)
        #expect(photo.source == .containerDirectory)
        #expect(photo.videoOffset == written.videoOffset)
        #expect(photo.videoLength == written.videoLength)
        #expect(photo.presentationTimestampUs == 480_000)
        #expect(photo.video.codec == "h264")
        #expect(photo.video.frameCount == 22)
        #expect(photo.video.decodedFrames == 22)
        #expect(photo.video.audioCodec == "aac")
        #expect(photo.warnings.isEmpty)

        let extracted = directory.file("extracted.mp4").path
        try MotionPhotoReader.extractVideo(of: photo, from: path, to: extracted)
        #expect(try Data(contentsOf: URL(fileURLWithPath: extracted)) == Data(contentsOf: URL(fileURLWithPath: mp4)))

        // The primary image is the still's, scans byte for byte; its EXIF (and identifier) is kept.
        let original = try JPEGStill(path: SharedFixtures.livePhotoStill)
        let primary = try JPEGStill(path: path)
        #expect(primary.bytes[primary.file.imageDataRange] == original.bytes[original.file.imageDataRange])
        #expect(primary.exif?.contentIdentifier == original.exif?.contentIdentifier)
        #expect(primary.exif?.hasGPS == true)
    }

    @Test("a motion photo cut short is a clear truncation error", .requires(.livePhotoPair))
    func truncatedMotionPhotoIsAnError() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (path, written, _) = try MotionPhotoFiles.realMotionPhoto(in: directory)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        // The MP4 loses its last 100 kB (its media data), or all of it.
        for kept in [bytes.count - 100_000, Int(written.videoOffset)] {
            let cut = directory.file("cut-\(kept).MP.jpg").path
            try bytes.prefix(kept).write(to: URL(fileURLWithPath: cut))
            let error = try #require(throws: MediaError.self) { try MotionPhotoReader.read(path: cut) }
            #expect(error.file == cut)
            #expect(error.kind == .truncated)
            #expect(error.problem.contains("embedded Motion Photo video is broken"), "\(error)")
            #expect(error.problem.contains("truncated"), "\(error)")
        }
    }

    @Test("a motion photo whose MP4 is damaged inside is reported broken", .requires(.livePhotoPair))
    func damagedVideoIsAnError() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (path, written, _) = try MotionPhotoFiles.realMotionPhoto(in: directory)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        // Overwrite the middle of the video's media data with garbage that keeps the boxes intact.
        let middle = Int(written.videoOffset + written.videoLength / 2)
        for i in middle..<(middle + 200_000) { bytes[i] = UInt8(truncatingIfNeeded: i &* 7919) }
        let damaged = directory.file("damaged.MP.jpg").path
        try Data(bytes).write(to: URL(fileURLWithPath: damaged))
        let error = try #require(throws: MediaError.self) { try MotionPhotoReader.read(path: damaged) }
        #expect(error.file == damaged)
        #expect(error.problem.contains("embedded Motion Photo video"), "\(error)")
    }

    @Test("a Samsung trailer and a legacy MicroVideo JPEG are found", .requires(.livePhotoPair))
    func samsungAndMicroVideoForms() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let mp4 = [UInt8](try Data(contentsOf: URL(fileURLWithPath: try MotionPhotoFiles.realMP4(in: directory))))
        let jpeg = try MotionPhotoFiles.smallJPEG()

        let (prefix, suffix) = SamsungTrailerBuilder.motionPhotoTrailer(videoLength: Int64(mp4.count))
        let samsung = directory.file("samsung.jpg").path
        try Data(jpeg + prefix + mp4 + suffix).write(to: URL(fileURLWithPath: samsung))
        let fromTrailer = try #require(try MotionPhotoReader.read(path: samsung).motionPhoto)
        #expect(fromTrailer.source == .samsungTrailer)
        #expect(fromTrailer.videoOffset == Int64(jpeg.count + prefix.count))
        #expect(fromTrailer.videoLength == Int64(mp4.count))
        #expect(fromTrailer.video.frameCount == 22)

        let packet = try XMPPacket()
        try packet.set(.googleCamera, "MicroVideo", "1")
        try packet.set(.googleCamera, "MicroVideoVersion", "1")
        try packet.set(.googleCamera, "MicroVideoOffset", String(mp4.count))
        try packet.set(.googleCamera, "MicroVideoPresentationTimestampUs", "480000")
        let legacy = try JPEGMetadataEditor.apply(
            .init(editXMP: { target in
                for name in ["MicroVideo", "MicroVideoVersion", "MicroVideoOffset", "MicroVideoPresentationTimestampUs"] {
                    try target.set(.googleCamera, name, try #require(packet.string(.googleCamera, name)))
                }
            }), to: try JPEGFile(parsing: jpeg))
        let microVideo = directory.file("MVIMG.jpg").path
        try Data(legacy + mp4).write(to: URL(fileURLWithPath: microVideo))
        let fromXMP = try #require(try MotionPhotoReader.read(path: microVideo).motionPhoto)
        #expect(fromXMP.source == .microVideo)
        #expect(fromXMP.videoOffset == Int64(legacy.count))
        #expect(fromXMP.presentationTimestampUs == 480_000)
    }

    @Test("a HEIC motion photo cut short is a clear truncation error", .requires(.motionPhotoFixtures))
    func truncatedHEICIsAnError() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bytes = try SharedFixtures.bytes(MotionPhotoFiles.heic)
        let cut = directory.file("cut.heic").path
        try Data(bytes.prefix(bytes.count - 500_000)).write(to: URL(fileURLWithPath: cut))
        let error = try #require(throws: MediaError.self) { try MotionPhotoReader.read(path: cut) }
        #expect(error.kind == .truncated)
        #expect(error.file == cut)
        #expect(error.problem.contains("truncated"))
    }
}
