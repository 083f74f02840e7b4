import Foundation
import GlintProbe
import GlintTestSupport
import Testing

@testable import GlintMedia

/// A Google Motion Photo that is also Ultra HDR, built from the published layouts (Google's Motion
/// Photo format page, the Ultra HDR spec) around the shared Ultra HDR JPEG: the primary image, the
/// gain map JPEG (MPF's second image), then the MP4; the XMP Container directory lists Primary,
/// GainMap and MotionPhoto in that order. The video is the MotionPhoto item, never the gain map.
@Suite("Ultra HDR Motion Photos", .suiteTimeLimit)
struct UltraHDRMotionPhotoTests {
    static let ultraHDR = "hdr/ultrahdr-train.jpg"
    static let xmpSignature = Array("http://ns.adobe.com/xap/1.0/\0".utf8)

    /// The Ultra HDR JPEG with `mp4` appended and its XMP describing it, and the gain map's length.
    static func build(mp4: [UInt8]) throws -> (bytes: [UInt8], gainMapLength: Int) {
        let source = Array(try Data(contentsOf: SharedFixtures.url(ultraHDR)))
        let signature = try #require(source.firstRange(of: xmpSignature))
        let segmentStart = signature.lowerBound - 4
        let segmentLength = Int(source[segmentStart + 2]) << 8 | Int(source[segmentStart + 3])
        var xmp = String(decoding: source[signature.upperBound..<(segmentStart + 2 + segmentLength)], as: UTF8.self)
        let gainMapLength = 64506
        #expect(xmp.contains("Item:Length=\"\(gainMapLength)\""), "the fixture's gain map item")
        xmp = xmp.replacingOccurrences(
            of: "hdrgm:Version=\"1.0\"",
            with: "hdrgm:Version=\"1.0\" xmlns:GCamera=\"http://ns.google.com/photos/1.0/camera/\" GCamera:MotionPhoto=\"1\" "
                + "GCamera:MotionPhotoVersion=\"1\" GCamera:MotionPhotoPresentationTimestampUs=\"500000\"")
        xmp = xmp.replacingOccurrences(
            of: "</rdf:Seq>",
            with: "<rdf:li rdf:parseType=\"Resource\"><Container:Item Item:Semantic=\"MotionPhoto\" Item:Mime=\"video/mp4\" "
                + "Item:Length=\"\(mp4.count)\" Item:Padding=\"0\"/></rdf:li></rdf:Seq>")
        let payload = xmpSignature + Array(xmp.utf8)
        let segment: [UInt8] = [0xFF, 0xE1, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
        // MPF's offsets count from its own header, which moves with the gain map: they still hold.
        let bytes = Array(source[..<segmentStart]) + segment + Array(source[(segmentStart + 2 + segmentLength)...]) + mp4
        return (bytes, gainMapLength)
    }

    @Test("the video is the MotionPhoto item after the gain map; the probe, the reader and the Live Photo agree")
    func videoAfterGainMap() throws {
        let directory = try TemporaryDirectory()
        let mp4Path = directory.file("video.mp4").path
        try MovieToMP4.convert(try QuickTimeMovie(path: SharedFixtures.path(SharedFixtures.Name.livePhotoMovie)), to: mp4Path)
        let mp4 = Array(try Data(contentsOf: URL(fileURLWithPath: mp4Path)))
        let built = try Self.build(mp4: mp4)
        let path = directory.file("PXL_20240101_120000000.MP.jpg").path
        try Data(built.bytes).write(to: URL(fileURLWithPath: path))

        let photo = try MotionPhotoToLivePhoto.motionPhoto(at: path)
        #expect(photo.videoOffset == Int64(built.bytes.count - mp4.count) && photo.videoLength == Int64(mp4.count))
        #expect(photo.presentationTimestampUs == 500_000 && photo.warnings.isEmpty, "\(photo.warnings)")
        #expect(photo.video.codec == "h264" && photo.video.frameCount > 1)
        let gainMapStart = built.bytes.count - mp4.count - built.gainMapLength
        #expect(Array(built.bytes[gainMapStart..<(gainMapStart + 3)]) == [0xFF, 0xD8, 0xFF], "the gain map JPEG sits before the video")

        let probe = try GlintProbe.MediaProbe.probe(path: path)
        #expect(abs((probe.duration ?? 0) - photo.video.duration) < 0.05, "\(probe)")

        let pair = try MotionPhotoToLivePhoto.convert(path, stillPath: directory.file("out.jpg").path, moviePath: directory.file("out.MOV").path)
        let movie = try QuickTimeMovie(path: pair.moviePath)
        #expect(movie.videoTrack?.sampleTable.sampleCount == photo.video.frameCount)
        #expect(movie.contentIdentifier == pair.contentIdentifier)
        try Self.expectUltraHDR(pair.stillPath, mapLength: built.gainMapLength)
    }

    @Test("exported as a pair, the still keeps its Ultra HDR gain map; written again as a Motion Photo, the map sits before the video")
    func gainMapKeptThroughConversions() throws {
        let directory = try TemporaryDirectory()
        let mp4Path = directory.file("video.mp4").path
        try MovieToMP4.convert(try QuickTimeMovie(path: SharedFixtures.path(SharedFixtures.Name.livePhotoMovie)), to: mp4Path)
        let built = try Self.build(mp4: Array(try Data(contentsOf: URL(fileURLWithPath: mp4Path))))
        let path = directory.file("PXL.MP.jpg").path
        try Data(built.bytes).write(to: URL(fileURLWithPath: path))
        let pair = try MotionPhotoToLivePhoto.convert(path, stillPath: directory.file("out.jpg").path, moviePath: directory.file("out.MOV").path)
        try Self.expectUltraHDR(pair.stillPath, mapLength: built.gainMapLength)

        // The pair's still made a Motion Photo again: Primary, GainMap, MotionPhoto in file order.
        let again = directory.file("again.MP.jpg").path
        let written = try MotionPhotoWriter.write(
            primary: try JPEGFile(parsing: Array(try Data(contentsOf: URL(fileURLWithPath: pair.stillPath)))), mp4Path: mp4Path,
            presentationTimestampUs: 500_000, to: again)
        let photo = try #require(try MotionPhotoReader.read(path: again).motionPhoto)
        #expect(photo.videoOffset == written.videoOffset && photo.warnings.isEmpty, "\(photo.warnings)")
        let packet = try #require(try JPEGFile(parsing: Array(try Data(contentsOf: URL(fileURLWithPath: again)))).xmpPacket)
        let directoryItems = try #require(MotionPhotoXMPScan.metadata(packet))
        #expect(directoryItems.directory.map(\.semantic) == ["Primary", "GainMap", "MotionPhoto"])
        #expect(directoryItems.directory[1].length == Int64(built.gainMapLength))
        try Self.expectUltraHDR(again, mapLength: built.gainMapLength)
    }

    /// `path` is Ultra HDR with the train's map: the probe finds it where MPF says, exiftool reads its `hdrgm`.
    static func expectUltraHDR(_ path: String, mapLength: Int) throws {
        let file = try RandomAccessFile(path: path)
        let found = try #require(try HDRGainMapProbe.probe(jpeg: file, makerNote: nil))
        #expect(found.report.forms == [.ultraHDR, .iso21496] && found.report.warnings.isEmpty, "\(found.report.warnings)")
        #expect(found.jpegMap?.length == Int64(mapLength) && found.report.ultraHDR?.gainMapMax == [3.40181])
        let exiftool = try #require(ExternalTool.find("exiftool"), "exiftool is needed")
        let tags = try ExternalTool.run(exiftool, ["-s", "-MPImageLength", "-XMP-hdrgm:Version", "-b", path]).stdoutText
        #expect(tags.contains("\(mapLength)") && tags.contains("1.0"), "\(tags)")
    }
}
