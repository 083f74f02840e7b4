import Foundation
import GlintMedia
import GlintTestSupport
import Testing

@testable import GlintLivePhoto

/// A PNG is a photo like any other: edited with the recipe through the same still pipeline, written
/// as a PNG with its ICC profile, EXIF and XMP, and its transparency put through the same geometry.
@Suite("PNG photos", .suiteTimeLimit)
struct PNGPhotoTests {
    /// A 96x64 gradient PNG with a Display P3 `iCCP`, an `eXIf` (orientation 6, a date) and an XMP `iTXt`.
    static func screenshot(in directory: TemporaryDirectory, alpha: (_ x: Int, _ y: Int) -> UInt8 = { _, _ in 255 }) throws -> String {
        var image = RGBAImage(width: 96, height: 64)
        for y in 0..<64 {
            for x in 0..<96 {
                let i = (y * 96 + x) * 4
                image.pixels[i] = UInt8(x * 2)
                image.pixels[i + 1] = UInt8(y * 3)
                image.pixels[i + 2] = 90
                image.pixels[i + 3] = alpha(x, y)
            }
        }
        var exif = ExifMetadata.minimal(orientation: .right)
        exif.fill(CaptureFacts(date: Date(timeIntervalSince1970: 1_700_000_000)))
        let xmp = Array(
            ("<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">"
                + "<rdf:Description rdf:about=\"\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\" dc:format=\"image/png\"/>"
                + "</rdf:RDF></x:xmpmeta>").utf8)
        let chunks = try PNGChunks.metadataChunks(icc: try ColourSpace.displayP3.iccProfile(), exif: try exif.serialized(), xmp: xmp)
        let path = directory.file("Screenshot.png").path
        try Data(try PNGChunks.inserting(chunks, into: try PNGEncoder.encode(image))).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("edited: a PNG of the recipe's size and brightness, with its profile, EXIF and XMP")
    func edits() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.screenshot(in: directory)
        let still = try #require(try StillImageReader.read(path: path) as? PNGStill)
        let p3 = try ColourSpace.displayP3.iccProfile()
        #expect(still.orientation == .right && still.iccProfile == p3 && still.xmpPacket != nil)
        let recipe = try EditRecipe.parse(json: Data(#"{"exposure": 1, "crop": {"x": 0, "y": 0, "width": 0.5, "height": 1}}"#.utf8))
        let result = try PhotoEditor.edit(path: path, recipe: recipe, outputDirectory: directory.file("out").path)
        #expect(result.path.hasSuffix("out/Screenshot.png"))
        let edited = try PNGStill(path: result.path)
        #expect(edited.format == .png && edited.iccProfile == still.iccProfile && edited.xmpPacket == still.xmpPacket)
        #expect(edited.exif?.captureDateISO8601 == "2023-11-14T22:13:20+00:00" && edited.exif?.orientation == .right)
        // Displayed 64x96 (orientation 6): half its displayed width is kept, 32x96, stored as the
        // input was (96x32, still orientation 6), as a JPEG's edit does.
        #expect(edited.width == 96 && edited.height == 32, "\(edited.width)x\(edited.height)")
        let before = try still.decodeRGB(limits: .default)
        let after = try edited.decodeRGB(limits: .default)
        #expect(Self.mean(after) > Self.mean(before) + 20, "exposure +1 brightens: \(Self.mean(before)) -> \(Self.mean(after))")
    }

    @Test(
        "a PNG's transparency is cropped and turned as its colours are: stored rows 0-31 opaque are the displayed right half (orientation 6)",
        arguments: [(0.0, 0.0), (0.25, 0.5), (0.5, 1.0)])
    func transparency(cropX: Double, opaqueFraction: Double) throws {
        let directory = try TemporaryDirectory()
        let path = try Self.screenshot(in: directory) { _, y in y < 32 ? 255 : 0 }
        let recipe = try EditRecipe.parse(json: Data(#"{"exposure": 1, "crop": {"x": \#(cropX), "y": 0, "width": 0.5, "height": 1}}"#.utf8))
        let result = try PhotoEditor.edit(path: path, recipe: recipe, outputDirectory: directory.file("out").path)
        let rgba = try PNGDecoder.decode(Array(try Data(contentsOf: URL(fileURLWithPath: result.path))))
        #expect(rgba.width == 96 && rgba.height == 32, "\(rgba.width)x\(rgba.height)")
        let alpha = stride(from: 3, to: rgba.pixels.count, by: 4).map { rgba.pixels[$0] }
        let opaque = Double(alpha.filter { $0 == 255 }.count) / Double(alpha.count)
        let clear = Double(alpha.filter { $0 == 0 }.count) / Double(alpha.count)
        #expect(abs(opaque - opaqueFraction) < 0.07 && abs(clear - (1 - opaqueFraction)) < 0.07, "opaque \(opaque), clear \(clear)")
        if opaqueFraction == 0.5 {
            #expect(alpha.first == 255 && alpha.last == 0, "stored top rows opaque, bottom rows clear")
        }
        #expect(try PNGStill(path: result.path).exif?.orientation == .right)
    }

    @Test("hostile PNG chunks are typed errors naming the file", arguments: ["truncated", "crc", "iccp"])
    func hostile(_ damage: String) throws {
        let directory = try TemporaryDirectory()
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: try Self.screenshot(in: directory))))
        switch damage {
        case "truncated": bytes = Array(bytes.prefix(bytes.count / 2))
        case "crc": bytes[40] ^= 0xFF
        default:  // an iCCP chunk whose deflated profile is garbage, with a correct CRC
            var chunks = try PNGChunks(bytes)
            let index = try #require(chunks.chunks.firstIndex { $0.type == "iCCP" })
            chunks.chunks[index].data = Array("ICC Profile".utf8) + [0, 0] + [UInt8](repeating: 0xAB, count: 64)
            bytes = chunks.serialized()
        }
        let path = directory.file("bad.png").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: MediaError.self) { try PNGStill(path: path) }
        #expect(error?.file == path && [.truncated, .corrupt].contains(error?.kind), "\(String(describing: error))")
    }

    @Test("a chunk type that is not four ASCII letters is refused (found by the PNGChunks fuzz harness)")
    func chunkTypeNotLetters() throws {
        // The harness's input: a non-UTF-8 byte in the type, with a CRC that matched its lossy reading.
        let bytes: [UInt8] = [
            0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x52, 0x43, 0x4E, 0x89,
            0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x44, 0x4C, 0xC4, 0x00, 0x52, 0x87, 0x00, 0x52, 0xF5, 0x5B, 0x4D, 0xFE,
        ]
        let error = #expect(throws: MediaError.self) { try PNGChunks(bytes) }
        #expect(error?.kind == .corrupt && error?.problem.contains("four ASCII letters") == true, "\(String(describing: error))")
    }

    @Test("its location goes with --strip-location: the eXIf GPS directory")
    func location() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.screenshot(in: directory)
        #expect(try CaptureFactsWriter.fill(path, with: CaptureFacts(location: .init(latitude: 10, longitude: 20))).written == ["location"])
        let stripped = try StillLocationRemover.removingLocation(fromFileAt: path)
        let exif = try ExifMetadata(tiff: try #require(try PNGChunks(stripped).exifTIFF))
        #expect(!exif.hasGPS && exif.hasCaptureDate)
    }

    static func mean(_ image: RGBImage) -> Double {
        Double(image.pixels.reduce(0) { $0 + Int($1) }) / Double(image.pixels.count)
    }
}
