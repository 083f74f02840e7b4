import Foundation
import GlintTestSupport
import Testing

@testable import GlintMedia

@Suite("JPEG patch: metadata kept, bad input refused", .suiteTimeLimit)
struct JPEGPatchMetadataAndErrorTests {
    static let badge = JPEGPatchChecks.badge(size: 40)

    /// exiftool's reading of `jpeg`, minus the tags that describe the file rather than its metadata.
    static func metadata(_ jpeg: [UInt8], exiftool: URL) throws -> [String: String] {
        let directory = try TemporaryDirectory("glint-jpegpatch")
        defer { directory.remove() }
        let file = directory.file("image.jpg")
        try Data(jpeg).write(to: file)
        let outcome = try ExternalTool.run(exiftool, ["-j", "-G", "-a", "-u", "-b", file.path])
        let list = try #require(try JSONSerialization.jsonObject(with: outcome.stdout) as? [[String: Any]])
        var tags: [String: String] = [:]
        for (key, value) in list.first ?? [:]
        where !key.hasPrefix("File:") && !key.hasPrefix("System:") && !key.hasPrefix("Composite:")
            && key != "SourceFile" && !key.hasPrefix("ExifTool:")
        {
            tags[key] = "\(value)"
        }
        return tags
    }

    @Test(
        .requires(.exiftool, .djpeg, .ffmpeg, .fixture(SharedFixtures.Name.livePhotoStill)),
        arguments: [JPEGPatchMethod.bitstreamSplice, .coefficients])
    func theRealStillKeepsItsExifAndMakerNote(method: JPEGPatchMethod) throws {
        let exiftool = try #require(ExternalTool.find("exiftool"))
        let still = try SharedFixtures.bytes(SharedFixtures.Name.livePhotoStill)
        let result = try JPEGPatchCompositor.composite(still, file: nil, overlay: Self.badge, x: 3000, y: 2500, method: method)
        let before = try Self.metadata(still, exiftool: exiftool)
        let after = try Self.metadata(result.bytes, exiftool: exiftool)
        #expect(before.keys.contains("MakerNotes:ContentIdentifier") || before.keys.contains { $0.hasPrefix("MakerNotes:") })
        #expect(after == before)
        try JPEGPatchChecks.expectCleanDecode(result.bytes, "real still, \(method)")
    }

    @Test(
        "XMP, ICC and COM survive both methods", .requires(.exiftool, .cjpeg),
        arguments: [JPEGPatchMethod.bitstreamSplice, .coefficients])
    func everySegmentSurvives(method: JPEGPatchMethod) throws {
        let exiftool = try #require(ExternalTool.find("exiftool"))
        // cjpeg's standard Huffman tables have a code for every symbol, so the splice applies.
        let picture = JPEGTestImages.colorful(width: 200, height: 150)
        let encoded = try #require(try JPEGPatchChecks.cjpeg(picture, ["-quality", "90"]))
        let xmp = try JPEGSegment(
            marker: JPEGMarker.app1,
            payload: Array("http://ns.adobe.com/xap/1.0/\0".utf8)
                + Array(
                    "<x:xmpmeta xmlns:x='adobe:ns:meta/'><rdf:RDF xmlns:rdf='http://www.w3.org/1999/02/22-rdf-syntax-ns#'><rdf:Description xmlns:dc='http://purl.org/dc/elements/1.1/' dc:format='image/jpeg'/></rdf:RDF></x:xmpmeta>"
                        .utf8))
        let comment = try JPEGSegment(marker: JPEGMarker.comment, payload: Array("made for the patch test".utf8))
        let icc = try JPEGSegment.iccProfileSegments(ColourSpace.displayP3.iccProfile())
        let original = try JPEGAssembler.assemble(encoded: encoded, segments: [xmp] + icc + [comment])
        let result = try JPEGPatchCompositor.composite(original, file: nil, overlay: Self.badge, x: 100, y: 80, method: method)
        #expect(result.method == method)
        #expect(
            try JPEGFile(parsing: result.bytes).segments.filter { $0.isApplication || $0.marker == JPEGMarker.comment }
                == JPEGFile(parsing: original).segments.filter { $0.isApplication || $0.marker == JPEGMarker.comment })
        #expect(try Self.metadata(result.bytes, exiftool: exiftool) == Self.metadata(original, exiftool: exiftool))
    }

    @Test(
        "the Pixel's MPF secondary image (and its Motion Photo video) still sit where the MPF index says",
        .requires(.exiftool, .djpeg, .ffmpeg, .fixture(SharedFixtures.Name.motionPhotoStill)),
        arguments: [JPEGPatchMethod.bitstreamSplice, .coefficients])
    func mpfIndexFollowsTheNewImageSize(method: JPEGPatchMethod) throws {
        let exiftool = try #require(ExternalTool.find("exiftool"))
        let original = try SharedFixtures.bytes(SharedFixtures.Name.motionPhotoStill)
        // Near the bottom: the splice (no restart markers here) decodes almost the whole scan.
        let badge = JPEGPatchChecks.badge(size: 240)
        let result = try JPEGPatchCompositor.composite(original, file: nil, overlay: badge, x: 2800, y: 3800, method: method)
        #expect(result.method == method)
        #expect(result.bytes.count != original.count)
        func secondImage(_ jpeg: [UInt8]) throws -> Data {
            let directory = try TemporaryDirectory("glint-jpegpatch")
            defer { directory.remove() }
            let file = directory.file("mp.jpg")
            try Data(jpeg).write(to: file)
            return try ExternalTool.run(exiftool, ["-b", "-MPImage2", file.path]).stdout
        }
        let before = try secondImage(original)
        let after = try secondImage(result.bytes)
        #expect(before.count > 1000 && before.prefix(2) == Data([0xFF, 0xD8]))
        #expect(after == before)
        #expect(
            result.bytes.suffix(original.count - (try JPEGFile(parsing: original).endOfImageOffset))
                == original.suffix(from: try JPEGFile(parsing: original).endOfImageOffset))
        try JPEGPatchChecks.verify(result, original: original, overlay: badge, x: 2800, y: 3800)
        try JPEGPatchChecks.expectCleanDecode(result.bytes, "Pixel 8 still, \(method)")
    }

    @Test(arguments: [JPEGPatchMethod.bitstreamSplice, .coefficients, nil])
    func badInputIsATypedErrorNamingTheFile(method: JPEGPatchMethod?) throws {
        let good = try JPEGEncoder.encode(JPEGTestImages.colorful(width: 120, height: 90), quality: 90)
        let cases: [(String, [UInt8], Int, Int, Int, Int, Set<MediaError.Kind>)] = [
            ("empty", [], 0, 0, 10, 10, [.empty]),
            ("garbage", Array("not a jpeg at all, just words".utf8), 0, 0, 10, 10, [.corrupt]),
            ("truncated", Array(good.prefix(good.count / 2)), 0, 0, 10, 10, [.truncated]),
            ("outside", good, 100, 80, 40, 40, [.invalidArgument]),
            ("negative", good, -5, 0, 10, 10, [.invalidArgument]),
            ("zero-size", good, 10, 10, 0, 10, [.invalidArgument]),
        ]
        for (name, bytes, x, y, width, height, kinds) in cases {
            var edited = false
            do {
                _ = try JPEGPatchCompositor.composite(
                    bytes, file: "\(name).jpg", x: x, y: y, width: width, height: height,
                    method: method
                ) { _, _, _ in edited = true }
                Issue.record("\(name): no error")
            } catch let error as MediaError {
                #expect(kinds.contains(error.kind), "\(name): \(error)")
                #expect(error.file == "\(name).jpg", "\(name): \(error)")
            }
            #expect(!edited, "\(name): the edit ran")
        }
    }

    @Test func anEditThatResizesTheRegionIsRefused() throws {
        let good = try JPEGEncoder.encode(JPEGTestImages.colorful(width: 120, height: 90), quality: 90)
        #expect(throws: MediaError.self) {
            _ = try JPEGPatchCompositor.composite(good, file: "x.jpg", x: 0, y: 0, width: 10, height: 10) { region, _, _ in
                region = RGBImage(width: 3, height: 3)
            }
        }
    }
}
