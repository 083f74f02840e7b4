import Foundation
import GlintTestSupport
import Testing

@testable import GlintMedia

@Suite("HEIF metadata editing and HEIC Motion Photos", .suiteTimeLimit)
struct HEIFMetadataEditorTests {
    static let iphoneHEIC = "heic/iphone12pro.heic"
    static var exiftool: URL? { ExternalTool.find("exiftool") }

    /// `exiftool -j -a -G1 -ee` of a file.
    static func tags(_ path: String) throws -> [String: Any] {
        let run = try ExternalTool.run(try #require(exiftool), ["-j", "-a", "-G1", "-ee", path])
        try #require(run.succeeded, "\(run.summary)")
        return try #require((try JSONSerialization.jsonObject(with: run.stdout) as? [[String: Any]])?.first)
    }

    static func write(_ bytes: [UInt8], _ name: String, in directory: TemporaryDirectory) throws -> String {
        let path = directory.file(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test(
        "the iPhone HEIC loses its GPS and keeps its pixels and other metadata",
        .requires(.fixture(iphoneHEIC), .exiftool))
    func iphoneHEICLosesLocation() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let original = try HEICStill(path: SharedFixtures.path(Self.iphoneHEIC))
        #expect(original.exif?.hasGPS == true)
        let path = try Self.write(try StillLocationRemover.removingLocation(from: original.bytes, file: original.path), "stripped.heic", in: directory)

        let stripped = try HEICStill(path: path)
        #expect(stripped.exif?.hasGPS == false)
        #expect(stripped.exif?.ifd0 == original.exif?.ifd0)
        #expect(stripped.exif?.exif == original.exif?.exif)
        #expect(stripped.colourProfile == original.colourProfile)
        #expect(try stripped.decode() == original.decode(), "the coded image must be untouched")
        let tags = try Self.tags(path)
        #expect(tags.keys.filter { $0.contains("GPS") }.isEmpty, "\(tags.keys.filter { $0.contains("GPS") })")
        #expect(tags["ExifTool:Warning"] == nil)
        #expect(tags["IFD0:Model"] as? String == "iPhone 12 Pro")
    }

    @Test(
        "a HEIC Motion Photo is read back by glint, libheif and exiftool",
        .requires(.fixture(iphoneHEIC), .livePhotoPair, .exiftool))
    func heicMotionPhoto() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let mp4 = try MotionPhotoFiles.realMP4(in: directory)
        let original = try HEICStill(path: SharedFixtures.path(Self.iphoneHEIC))
        let path = directory.file("IMG.MP.heic").path
        let written = try MotionPhotoWriter.write(
            heifPrimary: original.bytes, mp4Path: mp4, presentationTimestampUs: 480_000,
            removeLocation: true, to: path)
        #expect(written.size == (try RandomAccessFile(path: path)).size)

        let photo = try #require(try MotionPhotoReader.read(path: path).motionPhoto)
        #expect(photo.source == .heifBox)
        #expect(photo.videoOffset == written.videoOffset)
        #expect(photo.videoLength == (try RandomAccessFile(path: mp4)).size)
        #expect(photo.presentationTimestampUs == 480_000)
        #expect(photo.warnings.isEmpty, "the XMP and the mpvd box agree: \(photo.warnings)")
        #expect(photo.video.frameCount == 22)

        let still = try HEICStill(path: path)
        #expect(try still.decode() == original.decode())
        #expect(still.exif?.hasGPS == false)
        let tags = try Self.tags(path)
        #expect(tags["XMP-GCamera:MotionPhoto"] as? Int == 1)
        #expect(tags["XMP-GCamera:MotionPhotoPresentationTimestampUs"] as? Int == 480_000)
        #expect(tags["ExifTool:Warning"] == nil, "\(tags["ExifTool:Warning"] ?? "")")
        #expect(tags.keys.filter { $0.contains("GPS") }.isEmpty)
        let run = try ExternalTool.run(try #require(Self.exiftool), ["-b", "-MotionPhotoVideo", path])
        #expect(run.stdout == (try Data(contentsOf: URL(fileURLWithPath: mp4))))

        // Written again (a motion photo re-exported), the old mpvd box is replaced, not stacked.
        let again = directory.file("again.MP.heic").path
        try MotionPhotoWriter.write(heifPrimary: still.bytes, mp4Path: mp4, presentationTimestampUs: 100_000, to: again)
        #expect((try RandomAccessFile(path: again)).size == written.size)
        #expect(try MotionPhotoReader.read(path: again).motionPhoto?.presentationTimestampUs == 100_000)
    }

    @Test(
        "the Samsung HEIC (meta after mdat) takes new XMP without moving its image",
        .requires(.motionPhotoFixtures))
    func samsungLayoutKeepsItsImage() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let original = try HEICStill(path: SharedFixtures.path(MotionPhotoFiles.heic))
        var editor = try HEIFMetadataEditor(bytes: original.bytes)
        let packet = try XMPPacket(parsing: try #require(try editor.xmp()))
        try packet.set(.photoshop, "Headline", "edited")
        editor.setXMP(try packet.serialized())
        let path = try Self.write(try editor.serialized(), "edited.heic", in: directory)
        let edited = try HEICStill(path: path)
        #expect(try edited.decode() == original.decode())
        let xmp = try XMPPacket(parsing: try #require(edited.xmpPacket))
        #expect(xmp.string(.photoshop, "Headline") == "edited")
        #expect(xmp.integer(.googleCamera, "MotionPhoto") == 1)
        // The image data stays where it was (meta comes after it), and the old video is dropped.
        let boxes = try TopLevelBox.scan(try RandomAccessFile(path: path))
        #expect(boxes.map(\.type) == ["ftyp", "mdat", "meta", "mdat", "free"])
        #expect(boxes[1] == (try TopLevelBox.scan(try RandomAccessFile(path: original.path)))[1])
    }
}
