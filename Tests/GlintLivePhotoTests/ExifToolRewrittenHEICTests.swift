import Foundation
import GlintMedia
import GlintTestSupport
import Testing

@testable import GlintLivePhoto

/// A Samsung HEIC Motion Photo whose dates someone removed with ExifTool: ExifTool writes `meta`
/// first and the `mdat` last, after the `mpvd` box (found giving the shared Galaxy HEIC a Takeout
/// sidecar's date), and its Samsung `mpv2` record left pointing where the video was. It is read,
/// unpacked into a pair, and given a date and place with its video byte for byte and the record
/// pointing at it again.
@Suite("Samsung HEIC rewritten by ExifTool (mdat after mpvd)", .suiteTimeLimit)
struct ExifToolRewrittenHEICTests {
    static let facts = CaptureFacts(date: Date(timeIntervalSince1970: 1_685_622_896), location: .init(latitude: -33.8568, longitude: 151.2153))

    @Test(
        "read, exported as a pair whose halves pair, and given a date and place with its mpvd kept",
        .requires(.fixture("motionphoto/motionphoto.heic"), .exiftool))
    func rewritten() throws {
        let directory = try TemporaryDirectory("glint-exiftool-heic")
        defer { directory.remove() }
        let path = directory.file("20230303_120003.heic").path
        try FileManager.default.copyItem(atPath: SharedFixtures.path("motionphoto/motionphoto.heic"), toPath: path)
        let exiftool = try #require(ExternalTool.find("exiftool"))
        let run = try ExternalTool.run(exiftool, ["-q", "-overwrite_original", "-AllDates=", "-GPS:all=", path])
        try #require(run.succeeded, "\(run.summary)")
        let order = try TopLevelBox.scan(try RandomAccessFile(path: path)).map(\.type)
        try #require(order.firstIndex(of: "mpvd")! < order.lastIndex(of: "mdat")!, "ExifTool's layout: \(order)")
        let before = try #require(try MotionPhotoReader.read(path: path).motionPhoto)

        let exported = try Exporter.export(motionPhotoPath: path, as: .pair, options: ExportOptions(outputDirectory: directory.file("pair").path))
        let halves = exported.files.map(\.path)
        let pairing = LivePhotoPairing.pair(halves.map { MediaInspector.inspect($0) })
        #expect(pairing.livePhotos.count == 1, "\(pairing.unpaired)")
        #expect(try HEICStill(path: halves[0]).width == 3000)

        // ExifTool left the trailer's mpv2 record pointing where the video was; the fill points it
        // at the MP4 again, now that the Motion Photo's boxes end the file.
        #expect(try CaptureFactsWriter.fill(path, with: Self.facts).written == ["date", "location"])
        let after = try #require(try MotionPhotoReader.read(path: path).motionPhoto)
        #expect(after.video == before.video && after.videoLength == before.videoLength)
        let file = try RandomAccessFile(path: path)
        let video = try SamsungTrailer.videoLocation(of: try #require(try SamsungTrailer.motionPhotoBlock(in: file)), in: file)
        #expect(video.offset == after.videoOffset && video.length == after.videoLength, "the mpv2 record points at the MP4")
        let exif = try ExifMetadata(tiff: try #require(try HEIFMetadataEditor(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: path)))).exif()))
        #expect(exif.captureDateISO8601 == "2023-06-01T12:34:56+00:00" && exif.hasLocation)
        #expect(try HEICStill(path: path).width == 3000)
    }
}
