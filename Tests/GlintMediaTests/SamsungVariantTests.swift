import Foundation
import GlintProbe
import GlintTestSupport
import Testing

@testable import GlintMedia

/// Every Samsung Motion Photo layout in the wild, built from the published layouts around the
/// shared Galaxy HEIC's image and movie: the video is found by structure (the
/// `mpvd` box, the MP4's own boxes, the trailer's `mpv2` record or inline block), and the Live
/// Photo made from it pairs, with no Samsung box left in the still.
@Suite("Samsung Motion Photo variants", .suiteTimeLimit)
struct SamsungVariantTests {
    /// The Galaxy HEIC's boxes before its `mpvd` (its image and metadata) and its own MP4: the
    /// box's first 2,193,459 bytes (`ftyp`, `mdat`, `moov`; a 199-byte `sefd` box follows them).
    static func parts() throws -> (primary: [UInt8], mp4: [UInt8]) {
        let file = try RandomAccessFile(path: SharedFixtures.path(MotionPhotoFiles.heic))
        let mpvd = try #require(try TopLevelBox.scan(file).first { $0.type == "mpvd" })
        return (try file.read(at: 0, count: Int(mpvd.offset)), try file.read(at: mpvd.payloadOffset, count: 2_193_459))
    }

    @Test(
        "each HEIC layout: the video is exactly the MP4, the Live Photo pairs, the still holds no mpvd or sefd", .requires(.motionPhotoFixtures),
        arguments: SamsungHEICLayout.allCases)
    func heicLayout(_ layout: SamsungHEICLayout) throws {
        let directory = try TemporaryDirectory("glint-samsung-\(layout.rawValue)")
        defer { directory.remove() }
        let (primary, mp4) = try Self.parts()
        let (bytes, videoOffset) = layout.build(primary: primary, mp4: mp4)
        let path = directory.file("\(layout.rawValue).heic").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))

        let photo = try #require(try MotionPhotoReader.read(path: path, depth: .firstFrame).motionPhoto, "\(layout)")
        #expect(photo.videoOffset == Int64(videoOffset) && photo.videoLength == Int64(mp4.count), "\(layout): \(photo.videoOffset) + \(photo.videoLength)")
        #expect(photo.source == (layout == .versionless ? .samsungTrailer : .heifBox))
        #expect(!photo.warnings.contains { $0.contains("mpv2") }, "the record agrees with the box: \(photo.warnings)")

        let result = try MotionPhotoToLivePhoto.convert(path, stillPath: directory.file("out.HEIC").path, moviePath: directory.file("out.MOV").path)
        let movie = try MotionPhotoToLivePhotoTests.checkPair(result, source: path)
        #expect(movie.videoTrack?.sampleTable.sampleCount == 62)
        let boxes = try TopLevelBox.scan(try RandomAccessFile(path: result.stillPath)).map(\.type)
        #expect(!boxes.contains("mpvd") && !boxes.contains("sefd"), "\(layout): \(boxes)")
    }

    @Test("a HEIC whose mpv2 record points outside the file: the mpvd box is used, with a warning", .requires(.motionPhotoFixtures))
    func hostileRecordBesideTheBox() throws {
        let directory = try TemporaryDirectory("glint-samsung-hostile-heic")
        defer { directory.remove() }
        let (primary, mp4) = try Self.parts()
        typealias B = SamsungTrailerBuilder
        let trailer = B.trailer(B.cameraBlocks + [B.videoRecord(offset: 0xFFFF_FFF0, length: 16)])
        let path = directory.file("hostile.heic").path
        try Data(primary + B.box("mpvd", mp4 + B.box("sefd", trailer))).write(to: URL(fileURLWithPath: path))
        let photo = try #require(try MotionPhotoReader.read(path: path, depth: .firstFrame).motionPhoto)
        #expect(photo.videoOffset == Int64(primary.count + 8) && photo.videoLength == Int64(mp4.count))
        #expect(photo.warnings.contains { $0.contains("points outside the file") }, "\(photo.warnings)")
    }

    @Test("a Samsung JPEG whose trailer holds an mpv2 record instead of the video: the record is followed", .requires(.livePhotoPair))
    func jpegRecord() throws {
        let directory = try TemporaryDirectory("glint-samsung-jpeg-record")
        defer { directory.remove() }
        let still = [UInt8](try Data(contentsOf: URL(fileURLWithPath: SharedFixtures.livePhotoStill)))
        let mp4 = [UInt8](try Data(contentsOf: URL(fileURLWithPath: try MotionPhotoFiles.realMP4(in: directory))))
        let trailer = SamsungTrailerBuilder.trailer(
            SamsungTrailerBuilder.cameraBlocks + [SamsungTrailerBuilder.videoRecord(offset: still.count, length: mp4.count)])
        let path = directory.file("samsung-mpv2.jpg").path
        try Data(still + mp4 + trailer).write(to: URL(fileURLWithPath: path))
        let photo = try #require(try MotionPhotoReader.read(path: path, depth: .firstFrame).motionPhoto)
        #expect(photo.source == .samsungTrailer && photo.videoOffset == Int64(still.count) && photo.videoLength == Int64(mp4.count))
        let probed = try GlintProbe.MediaProbe.probe(path: path)
        #expect(probed.duration != nil, "the submission probe finds the video through the record too: \(probed)")
    }

    @Test("an mpv2 record that points outside the file is a typed error naming the file, never a read past the end")
    func hostileRecord() throws {
        let directory = try TemporaryDirectory("glint-samsung-hostile")
        defer { directory.remove() }
        let still = try MotionPhotoFiles.smallJPEG()
        for (offset, length) in [(still.count, 0x7FFF_FFFF), (0xFFFF_FFFF, 16), (0, 0)] {
            let trailer = SamsungTrailerBuilder.trailer([SamsungTrailerBuilder.videoRecord(offset: offset, length: length)])
            let path = directory.file("hostile.jpg").path
            try Data(still + trailer).write(to: URL(fileURLWithPath: path))
            let error = #expect(throws: MediaError.self) { try MotionPhotoReader.read(path: path, depth: .firstFrame) }
            #expect(error?.kind == .corrupt && error?.file == path, "\(String(describing: error))")
            #expect(throws: MediaError.self) { try GlintProbe.MediaProbe.probe(path: path) }
        }
    }
}
