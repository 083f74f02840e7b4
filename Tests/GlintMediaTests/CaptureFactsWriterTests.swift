import Foundation
import GlintTestSupport
import Testing

@testable import GlintMedia

/// A Takeout sidecar's date and place given to files that lack them, in each format's own
/// metadata, and nothing changed in a file that has them.
@Suite("Capture facts written into files", .suiteTimeLimit)
struct CaptureFactsWriterTests {
    static let facts = CaptureFacts(
        date: Date(timeIntervalSince1970: 1_685_622_896), location: CaptureFacts.Location(latitude: -33.8568, longitude: 151.2153, altitude: 4))

    func bytes(_ path: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path))) }

    @Test("a JPEG without EXIF gets date and GPS; its image data and what follows it are kept byte for byte")
    func bareJPEG() throws {
        let directory = try TemporaryDirectory()
        var image = RGBImage(width: 64, height: 48)
        for i in image.pixels.indices { image.pixels[i] = UInt8(i % 251) }
        let encoded = try JPEGEncoder.encode(image)
        let trailer = Array("a Motion Photo's video, counted from the end".utf8)
        let path = directory.file("bare.jpg").path
        try Data(encoded + trailer).write(to: URL(fileURLWithPath: path))
        let filled = try CaptureFactsWriter.fill(path, with: Self.facts)
        #expect(filled.written == ["date", "location"])
        let jpeg = try JPEGFile(parsing: try bytes(path))
        #expect(Array(jpeg.trailingBytes) == trailer)
        #expect(Array(jpeg.bytes[jpeg.imageDataRange]) == Array(try JPEGFile(parsing: encoded).bytes[try JPEGFile(parsing: encoded).imageDataRange]))
        let exif = try ExifMetadata(tiff: try #require(jpeg.exifTIFF))
        #expect(exif.captureDateISO8601 == "2023-06-01T12:34:56+00:00")
        #expect(exif.locationISO6709 == "-33.8568+151.2153+004.000/")
        #expect(try CaptureFactsWriter.fill(path, with: Self.facts).written.isEmpty, "a second fill has nothing to give")
    }

    @Test(
        "a file that has a date and a place is left byte for byte",
        arguments: [SharedFixtures.Name.livePhotoStill, SharedFixtures.Name.livePhotoMovie, SharedFixtures.Name.heicStill])
    func complete(_ fixture: String) throws {
        let directory = try TemporaryDirectory()
        let path = directory.file((fixture as NSString).lastPathComponent).path
        try FileManager.default.copyItem(atPath: SharedFixtures.path(fixture), toPath: path)
        let before = try bytes(path)
        #expect(try CaptureFactsWriter.fill(path, with: Self.facts) == CaptureFactsWriter.Filled())
        #expect(try bytes(path) == before)
    }

    @Test("a HEIC without GPS gets it in its EXIF item and keeps its own date; libheif still reads it")
    func heic() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("still.heic").path
        var editor = try HEIFMetadataEditor(bytes: try bytes(SharedFixtures.path(SharedFixtures.Name.heicStill)))
        _ = try editor.removeLocation()
        try Data(try editor.serialized()).write(to: URL(fileURLWithPath: path))
        #expect(try CaptureFactsWriter.fill(path, with: Self.facts).written == ["location"])
        let exif = try ExifMetadata(tiff: try #require(try HEIFMetadataEditor(bytes: try bytes(path)).exif()))
        #expect(exif.locationISO6709 == "-33.8568+151.2153+004.000/")
        #expect(exif.captureDateISO8601?.hasPrefix("2023-10-22T09:39:48") == true)
        let still = try HEICStill(path: path)
        #expect(still.width > 0)
    }

    @Test(
        "a Samsung HEIC Motion Photo gets them in its EXIF item; its mpvd video and what follows it stay byte for byte",
        .requires(.fixture("motionphoto/motionphoto.heic")))
    func heicMotionPhoto() throws {
        let directory = try TemporaryDirectory()
        let original = SharedFixtures.path("motionphoto/motionphoto.heic")
        let source = try bytes(original)
        var editor = try HEIFMetadataEditor(bytes: source)
        let region = try #require(editor.motionPhotoRegion)
        let window = try RandomAccessFile(path: original, offset: Int64(region.lowerBound), length: Int64(region.count))
        let record = Int(try #require(try SamsungTrailer.motionPhotoBlock(in: window)).dataOffset)
        try editor.setExif(try ExifMetadata.minimal().serialized())  // no date, no place
        let path = directory.file("motionphoto.heic").path
        try Data(try editor.serializedKeepingMotionPhoto(videoRecord: record)).write(to: URL(fileURLWithPath: path))
        #expect(try CaptureFactsWriter.fill(path, with: Self.facts).written == ["date", "location"])
        let exif = try ExifMetadata(tiff: try #require(try HEIFMetadataEditor(bytes: try bytes(path)).exif()))
        #expect(exif.captureDateISO8601 == "2023-06-01T12:34:56+00:00" && exif.locationISO6709 == "-33.8568+151.2153+004.000/")
        try Self.expectMotionPhotoKept(path, source: original)
    }

    @Test(
        "a HEIC whose Motion Photo boxes are apart, or would follow a box that runs to the end, is refused",
        .requires(.fixture("motionphoto/motionphoto.heic")), arguments: ["apart", "sizeless"])
    func heicMotionPhotoHostile(_ damage: String) throws {
        var bytes = try self.bytes(SharedFixtures.path("motionphoto/motionphoto.heic"))
        let free: [UInt8] = [0, 0, 0, 8] + Array("free".utf8)
        // Another mpvd box after a free box, or a free box that declares no size (to the end).
        bytes += damage == "apart" ? free + [0, 0, 0, 12] + Array("mpvd".utf8) + [1, 2, 3, 4] : [0, 0, 0, 0] + Array("free".utf8) + [9, 9]
        var editor = try HEIFMetadataEditor(bytes: bytes)
        try editor.setExif(try ExifMetadata.minimal().serialized())
        let error = #expect(throws: MediaError.self) { try editor.serializedKeepingMotionPhoto() }
        #expect(error?.kind == .unsupported, "\(String(describing: error))")
    }

    /// The Motion Photo at `path` holds `source`'s video and trailer byte for byte but for the
    /// `mpv2` record's offset, which points at its MP4; libheif reads its still.
    static func expectMotionPhotoKept(_ path: String, source: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let photo = try #require(try MotionPhotoReader.read(path: path).motionPhoto, sourceLocation: sourceLocation)
        let before = try #require(try MotionPhotoReader.read(path: source).motionPhoto, sourceLocation: sourceLocation)
        #expect(photo.video == before.video && photo.videoLength == before.videoLength && photo.primaryMime == "image/heic", sourceLocation: sourceLocation)
        let file = try RandomAccessFile(path: path)
        let sourceFile = try RandomAccessFile(path: source)
        #expect(try file.read(at: photo.videoOffset, count: Int(photo.videoLength)) == sourceFile.read(at: before.videoOffset, count: Int(before.videoLength)))
        let block = try #require(try SamsungTrailer.motionPhotoBlock(in: file), "no Samsung trailer", sourceLocation: sourceLocation)
        let video = try SamsungTrailer.videoLocation(of: block, in: file)
        #expect(video.offset == photo.videoOffset && video.length == photo.videoLength, "the mpv2 record points at the MP4", sourceLocation: sourceLocation)
        #expect(try HEICStill(path: path).width == (try HEICStill(path: source)).width, sourceLocation: sourceLocation)
    }

    @Test("a movie without a place gets the key (and, as an MP4, udta/©xyz); its tracks and identifier are kept")
    func movies() throws {
        let directory = try TemporaryDirectory()
        let source = try QuickTimeMovie(path: SharedFixtures.path(SharedFixtures.Name.livePhotoMovie))
        let mov = directory.file("bare.mov").path
        try MovieLocationRemover.write(source, to: mov)
        #expect(try CaptureFactsWriter.fill(mov, with: Self.facts).written == ["location"])
        let filled = try QuickTimeMovie(path: mov)
        #expect(filled.metadata.string(forKey: MovieToMP4.locationKey) == "-33.8568+151.2153+004.000/")
        #expect(filled.contentIdentifier == source.contentIdentifier && filled.tracks.count == source.tracks.count)
        #expect(filled.metadata.string(forKey: CaptureFactsWriter.creationDateKey) == source.metadata.string(forKey: CaptureFactsWriter.creationDateKey))

        let mp4 = directory.file("bare.mp4").path
        try MovieToMP4.convert(source, to: mp4, options: .init(keepLocation: false))
        #expect(MovieHeaderTimes.creation(of: try QuickTimeMovie(path: mp4).moov) != 0)
        #expect(Set(try CaptureFactsWriter.fill(mp4, with: Self.facts).written) == ["location"], "the MP4 keeps the movie's creation time")
        let written = try QuickTimeMovie(path: mp4)
        #expect(written.moov.child("udta")?.child(MovieLocationRemover.userDataLocation) != nil)
        #expect(MovieLocationRemover.hasLocation(written))
    }

    @Test("a PNG gets them in an eXIf chunk before its image data; an AVIF is left as it is, with a note")
    func pngAndAVIF() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("shot.png").path
        var image = RGBImage(width: 4, height: 4)
        for i in image.pixels.indices { image.pixels[i] = UInt8(i * 5 % 256) }
        try Data(try PNGEncoder.encode(image)).write(to: URL(fileURLWithPath: path))
        #expect(try CaptureFactsWriter.fill(path, with: Self.facts).written == ["date", "location"])
        let chunks = try PNGChunks(try bytes(path))
        let types = chunks.chunks.map(\.type)
        #expect(try #require(types.firstIndex(of: "eXIf")) < (try #require(types.firstIndex(of: "IDAT"))))
        let exif = try ExifMetadata(tiff: try #require(chunks.exifTIFF))
        #expect(exif.captureDateISO8601 == "2023-06-01T12:34:56+00:00" && exif.locationISO6709 == "-33.8568+151.2153+004.000/")
        #expect(try PNGDecoder.decode(try bytes(path)).pixels.count == 64, "libpng still reads it")

        let avif = directory.file("shot.avif").path
        try Data([0, 0, 0, 16] + Array("ftypavif".utf8) + [0, 0, 0, 0]).write(to: URL(fileURLWithPath: avif))
        let filled = try CaptureFactsWriter.fill(avif, with: Self.facts)
        #expect(filled.written.isEmpty && filled.note?.contains("shot.avif") == true)
    }

    @Test(
        "a WebP still (made simple, no VP8X) and an animated WebP get them in an EXIF chunk; dwebp, webpmux and exiftool read the result",
        .requires(.webpmux, .dwebp, .exiftool))
    func webp() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let animated = directory.file("loop.webp").path
        let encoder = try AnimatedWebPEncoder(destination: animated, width: 32, height: 24, options: .init(lossless: true))
        for index in 0..<2 { try encoder.append(VideoTestFrames.movingGradient(width: 32, height: 24, index: index), duration: 0.1) }
        _ = try encoder.finish()
        let still = directory.file("still.webp").path
        _ = try AnimationTools.run("webpmux", ["-get", "frame", "1", animated, "-o", still])
        #expect(try bytes(still)[12..<16] != Array("VP8X".utf8)[...], "the still starts simple")

        for path in [still, animated] {
            #expect(try CaptureFactsWriter.fill(path, with: Self.facts).written == ["date", "location"], "\(path)")
            let exif = try ExifMetadata(tiff: try #require(try WebPExif.tiff(in: try bytes(path), file: path)))
            #expect(exif.captureDateISO8601 == "2023-06-01T12:34:56+00:00" && exif.locationISO6709 == "-33.8568+151.2153+004.000/")
            #expect(try CaptureFactsWriter.fill(path, with: Self.facts).written.isEmpty, "what a file has is kept")
            let tags = try AnimationTools.run("exiftool", ["-s", "-s", "-DateTimeOriginal", "-GPSLatitude", "-n", path]).stdoutText
            #expect(tags.contains("DateTimeOriginal: 2023:06:01 12:34:56") && tags.contains("GPSLatitude: -33.8568"), "\(tags)")
        }
        _ = try AnimationTools.run("dwebp", ["-quiet", still, "-o", directory.file("still.png").path])
        #expect(try AnimationTools.webpmuxInfo(animated).contains("Number of frames: 2"))
    }

    @Test("a WebP libwebpmux cannot read, or whose EXIF chunk is not EXIF, is a typed error naming it and is left as it was")
    func brokenWebP() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let riff = { (body: [UInt8]) -> [UInt8] in
            let size = UInt32(body.count + 4)
            return Array("RIFF".utf8) + (0..<4).map { UInt8(truncatingIfNeeded: size >> (8 * $0)) } + Array("WEBP".utf8) + body
        }
        let garbage = riff(Array("VP8 ".utf8) + [200, 0, 0, 0] + [UInt8](repeating: 0x5A, count: 40))
        let badExif = riff(
            Array("VP8X".utf8) + [10, 0, 0, 0, 0x08, 0, 0, 0, 0, 0, 0, 0, 0, 0] + Array("EXIF".utf8) + [6, 0, 0, 0] + Array("nonsen".utf8))
        try expectRefused([("garbage.webp", garbage), ("exif.webp", badExif)], in: directory)
    }

    /// Each file, written into `directory`, is refused with a ``MediaError`` naming it and left as it was.
    func expectRefused(_ files: [(name: String, bytes: [UInt8])], in directory: TemporaryDirectory) throws {
        for (name, bytes) in files {
            let path = directory.file(name).path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let error = try #require(throws: MediaError.self, "\(name)") { try CaptureFactsWriter.fill(path, with: Self.facts) }
            #expect(error.file == path, "\(error)")
            #expect(try self.bytes(path) == bytes, "\(name) is left as it was")
        }
    }

    @Test(
        "a GIF (87a or 89a, looping) gets them in an XMP extension after its loop; a date it has is kept; exiftool, gifsicle and ffmpeg read the result",
        .requires(.exiftool, .gifsicle, .ffmpeg))
    func gif() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("loop.gif").path
        let encoder = try AnimatedGIFEncoder(destination: path, width: 32, height: 24)
        for index in 0..<3 { try encoder.append(VideoTestFrames.movingGradient(width: 32, height: 24, index: index), duration: 0.1) }
        _ = try encoder.finish()
        let original = try bytes(path)
        #expect(try CaptureFactsWriter.fill(path, with: Self.facts).written == ["date", "location"])
        let filled = try bytes(path)
        let layout = try GIFXMP.layout(filled, file: path)
        let xmpStart = try #require(layout.extensionRange?.lowerBound)
        #expect(filled[..<xmpStart].elementsEqual(original[..<xmpStart]), "what comes before the XMP is kept")
        #expect(filled[(try #require(layout.extensionRange?.upperBound))...].elementsEqual(original[xmpStart...]), "and what comes after")
        #expect(try CaptureFactsWriter.fill(path, with: Self.facts).written.isEmpty, "what a file has is kept")
        let tags = try AnimationTools.run("exiftool", ["-s", "-s", "-XMP-exif:DateTimeOriginal", "-GPSLatitude", "-GPSLongitude", "-GPSAltitude", "-n", path])
        #expect(tags.stdoutText.contains("DateTimeOriginal: 2023:06:01 12:34:56+00:00"), "\(tags.stdoutText)")
        #expect(tags.stdoutText.contains("GPSLatitude: -33.8568") && tags.stdoutText.contains("GPSLongitude: 151.2153"), "\(tags.stdoutText)")
        #expect(tags.stdoutText.contains("GPSAltitude: 4"), "\(tags.stdoutText)")
        #expect(try AnimationTools.run("gifsicle", ["--info", path]).stdoutText.contains("3 images"))
        #expect(try AnimationTools.ffmpegFrames(path, width: 32, height: 24).count == 3)

        // A GIF87a with no loop, whose XMP already has a date: it gets the place only, and 89a.
        var old = original
        old.replaceSubrange(3..<6, with: Array("87a".utf8))
        let dated = try XMPPacket()
        try dated.set(.exif, "DateTimeOriginal", "2020-01-02T03:04:05")
        let oldPath = directory.file("old.gif").path
        try Data(try GIFXMP.setting(try dated.serialized(), in: old, file: oldPath)).write(to: URL(fileURLWithPath: oldPath))
        #expect(try CaptureFactsWriter.fill(oldPath, with: Self.facts).written == ["location"])
        let packet = try XMPPacket(parsing: try #require(try GIFXMP.packet(in: try bytes(oldPath), file: oldPath)))
        #expect(packet.string(.exif, "DateTimeOriginal") == "2020-01-02T03:04:05" && packet.hasLocation)
        #expect(try bytes(oldPath).starts(with: Array("GIF89a".utf8)))
    }

    @Test(
        "a GIF cut short (in an image, or in its colour table), with an unknown block, or an XMP extension without its trailer is a typed error naming it, left as it was"
    )
    func brokenGIF() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let header = Array("GIF89a".utf8) + [1, 0, 1, 0, 0, 0, 0]
        let cases: [(String, [UInt8])] = [
            ("cut.gif", header + [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 5, 1, 2]),
            ("unknown.gif", header + [0x99, 0x3B]),
            // Found by Fuzz/AnimationMetadata: a global colour table announced and missing.
            ("table.gif", Array("GIF89a".utf8) + [2, 0, 2, 0, 0x80, 0, 0]),
            ("xmp.gif", header + [0x21, 0xFF, 11] + GIFXMP.identifier + Array("<x/>".utf8) + [0, 0x3B]),
        ]
        try expectRefused(cases, in: directory)
    }
}
