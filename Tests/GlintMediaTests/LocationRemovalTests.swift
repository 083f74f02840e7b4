import Foundation
import GlintTestSupport
import Testing

@testable import GlintMedia

@Suite("XMP merging and location removal", .suiteTimeLimit)
struct LocationRemovalTests {
    /// A packet as Lightroom-like tools write it: a title, a rating, GPS and a city.
    static let richXMP = """
        <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
        <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xmp="http://ns.adobe.com/xap/1.0/"
          xmlns:exif="http://ns.adobe.com/exif/1.0/" xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/"
          xmlns:cam="http://ns.google.com/photos/1.0/camera/"
          xmp:Rating="4" exif:GPSLatitude="52,12.58N" exif:GPSLongitude="0,53.73W" photoshop:City="Cambridge" photoshop:Headline="Train"
          cam:MicroVideo="1" cam:MicroVideoOffset="99">
          <dc:title><rdf:Alt><rdf:li xml:lang="x-default">A train</rdf:li></rdf:Alt></dc:title>
          <exif:GPSAltitude>1036/10</exif:GPSAltitude>
        </rdf:Description></rdf:RDF></x:xmpmeta>
        """

    @Test func motionPhotoXMPMergesIntoTheStillsOwn() throws {
        let jpeg = try JPEGAssembler.assemble(encoded: try MotionPhotoFiles.smallJPEG(), segments: [try JPEGSegment.xmp(Self.richXMP)])
        let edited = try JPEGMetadataEditor.apply(
            .init(editXMP: {
                try MotionPhotoMetadata.write(into: $0, videoLength: 123_456, presentationTimestampUs: 480_000)
            }), to: try JPEGFile(parsing: jpeg))
        let file = try JPEGFile(parsing: edited)
        #expect(file.segments.filter { JPEGMetadataEditor.isXMP($0) }.count == 1)
        let packet = try XMPPacket(parsing: try #require(file.xmpPacket))
        let metadata = MotionPhotoMetadata(packet)
        #expect(metadata.motionPhoto == 1)
        #expect(metadata.version == 1)
        #expect(metadata.presentationTimestampUs == 480_000)
        #expect(
            metadata.directory == [
                ContainerItem(mime: "image/jpeg", semantic: "Primary", length: 0, padding: 0),
                ContainerItem(mime: "video/mp4", semantic: "MotionPhoto", length: 123_456, padding: 0),
            ])
        // The legacy form is replaced, everything else is kept.
        #expect(metadata.microVideo == nil && metadata.microVideoOffset == nil)
        let xmp = XMPNamespace(uri: "http://ns.adobe.com/xap/1.0/", prefix: "xmp")
        #expect(packet.string(xmp, "Rating") == "4")
        #expect(packet.string(.photoshop, "Headline") == "Train")
        #expect(packet.string(.exif, "GPSLatitude") == "52,12.58N")
        // Android's parser matches these prefixes literally.
        let text = String(decoding: try #require(file.xmpPacket), as: UTF8.self)
        #expect(text.contains("GCamera:MotionPhoto=\"1\""))
        #expect(text.contains("<Container:Item") && text.contains("Item:Length=\"123456\""))
        // The image data is untouched.
        #expect(file.bytes[file.imageDataRange] == (try JPEGFile(parsing: jpeg)).bytes[(try JPEGFile(parsing: jpeg)).imageDataRange])
    }

    @Test func removingLocationLeavesTheRestOfTheXMP() throws {
        let packet = try XMPPacket(parsing: Array(Self.richXMP.utf8))
        #expect(packet.hasLocation)
        let removed = Set(packet.removeLocation())
        #expect(removed == ["exif:GPSLatitude", "exif:GPSLongitude", "exif:GPSAltitude", "photoshop:City"])
        #expect(!packet.hasLocation)
        #expect(packet.string(.photoshop, "Headline") == "Train")
        #expect(packet.has(XMPNamespace(uri: "http://purl.org/dc/elements/1.1/", prefix: "dc"), "title"))
    }

    @Test func xmpTooLargeForOneSegmentIsRefusedClearly() throws {
        let packet = try XMPPacket()
        try packet.set(.photoshop, "Instructions", String(repeating: "x", count: 70_000))
        let jpeg = try JPEGAssembler.assemble(encoded: try MotionPhotoFiles.smallJPEG(), segments: [])
        let error = try #require(throws: MediaError.self) {
            try JPEGMetadataEditor.apply(
                .init(editXMP: { target in
                    try target.set(.photoshop, "Instructions", try #require(packet.string(.photoshop, "Instructions")))
                }), to: try JPEGFile(parsing: jpeg))
        }
        #expect(error.kind == .tooLarge)
        #expect(error.problem.contains("one JPEG APP1 segment"))
    }

    @Test("the real still loses its GPS and nothing else", .requires(.livePhotoPair))
    func realStillLosesGPS() throws {
        let still = try JPEGStill(path: SharedFixtures.livePhotoStill)
        #expect(still.exif?.hasGPS == true)
        let stripped = try JPEGStill(file: try written(try JPEGMetadataEditor.apply(.init(removeLocation: true), to: still.file)))
        #expect(stripped.exif?.hasGPS == false)
        #expect(stripped.exif?.contentIdentifier == still.exif?.contentIdentifier)
        #expect(stripped.exif?.makerNote == still.exif?.makerNote)
        #expect(stripped.exif?.exif == still.exif?.exif)
        #expect(stripped.exif?.thumbnail == still.exif?.thumbnail)
        #expect(stripped.bytes[stripped.file.imageDataRange] == still.bytes[still.file.imageDataRange])
        // No XMP was there, and none is added.
        #expect(stripped.file.xmpPacket == nil)
    }

    @Test(
        "the real movie loses its location keys and stays a Live Photo movie",
        .requires(.livePhotoPair, .ffprobe, .ffmpeg))
    func realMovieLosesLocation() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let source = try QuickTimeMovie(path: SharedFixtures.livePhotoMovie)
        #expect(MovieLocationRemover.hasLocation(source))
        let path = directory.file("IMG_train.mov").path
        let removed = try MovieLocationRemover.write(source, to: path)
        #expect(Set(removed) == ["com.apple.quicktime.location.ISO6709", "com.apple.quicktime.location.accuracy.horizontal"])
        let copy = try QuickTimeMovie(path: path)
        #expect(!MovieLocationRemover.hasLocation(copy))
        #expect(copy.contentIdentifier == source.contentIdentifier)
        #expect(copy.stillImageTime == source.stillImageTime)
        #expect(copy.metadata.items.count == source.metadata.items.count - 2)
        #expect(copy.tracks.count == source.tracks.count)
        #expect(try copy.sampleData(try #require(copy.videoTrack), index: 3) == source.sampleData(try #require(source.videoTrack), index: 3))
        #expect(try MediaProbe.decodeErrors(path) == "")
    }

    @Test(
        "a movie remuxed by FFmpeg loses the location it keeps in udta (keys, ©xyz-style loci)",
        .requires(.livePhotoPair, .ffprobe, .ffmpeg, .exiftool)
    )
    func ffmpegMovieLosesLocation() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let remuxed = directory.file("ffmpeg.mov").path
        let run = try ExternalTool.run(
            try #require(MediaProbe.ffmpeg),
            [
                "-v", "error", "-i", SharedFixtures.livePhotoMovie, "-map", "0:v", "-map", "0:a", "-c", "copy",
                "-movflags", "use_metadata_tags", "-metadata", "location=+48.8584+002.2945/", remuxed,
            ])
        try #require(run.succeeded, "\(run.summary)")
        let source = try QuickTimeMovie(path: remuxed)
        #expect(MovieLocationRemover.hasLocation(source))
        let path = directory.file("clean.mov").path
        try MovieLocationRemover.write(source, to: path)
        #expect(!MovieLocationRemover.hasLocation(try QuickTimeMovie(path: path)))
        let tags = try ExternalTool.run(try #require(ExternalTool.find("exiftool")), ["-a", "-G1", "-s", "-ee", path])
        let lines = tags.stdoutText.split(separator: "\n").filter { $0.contains("GPS") || $0.contains("Location") }
        #expect(lines.isEmpty, "\(lines)")
        #expect(tags.stdoutText.contains("ContentIdentifier"), "other keys stay")
    }

    /// `bytes` in a temporary file, opened.
    private func written(_ bytes: [UInt8]) throws -> RandomAccessFile {
        let directory = try TemporaryDirectory()
        let path = directory.file("still.jpg").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { directory.remove() }
        return try RandomAccessFile(path: path)
    }
}
