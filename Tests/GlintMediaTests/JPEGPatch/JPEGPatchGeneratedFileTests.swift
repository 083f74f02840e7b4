import Foundation
import GlintTestSupport
import Testing

@testable import GlintMedia

/// Patches on JPEGs made by libjpeg-turbo's cjpeg in every layout the compositor meets.
@Suite("JPEG patch on generated JPEGs", .requires(.cjpeg), .suiteTimeLimit)
struct JPEGPatchGeneratedFileTests {
    /// An odd size, so edge iMCUs are partial.
    static let picture = JPEGTestImages.colorful(width: 333, height: 250)

    /// cjpeg options and the method the default choice must take (nil: either; with optimised
    /// tables the splice applies only when the file's tables have codes for the patch's symbols).
    static let layouts: [(String, [String], JPEGPatchMethod?)] = [
        ("4:2:0", ["-sample", "2x2"], .bitstreamSplice),
        ("4:2:2", ["-sample", "2x1"], .bitstreamSplice),
        ("4:4:4", ["-sample", "1x1"], .bitstreamSplice),
        ("grey", ["-grayscale"], .bitstreamSplice),
        ("4:2:0, restart every 3 MCUs", ["-sample", "2x2", "-restart", "3B"], .bitstreamSplice),
        ("4:4:4, restart every row", ["-sample", "1x1", "-restart", "1"], .bitstreamSplice),
        ("4:2:0, optimised tables", ["-sample", "2x2", "-optimize"], nil),
        ("progressive", ["-sample", "2x2", "-progressive"], .coefficients),
        ("arithmetic", ["-sample", "2x2", "-arithmetic"], .coefficients),
        ("RGB, no colour transform", ["-rgb", "-sample", "1x1"], .bitstreamSplice),
    ]

    static let positions: [(Int, Int)] = [(37, 29), (0, 0), (333 - 60, 250 - 60), (150, 3)]

    @Test(.requires(.djpeg, .ffmpeg), arguments: layouts.indices)
    func onlyThePatchBlocksChange(layoutIndex: Int) throws {
        let (name, options, expectedMethod) = Self.layouts[layoutIndex]
        let original = try #require(try JPEGPatchChecks.cjpeg(Self.picture, ["-quality", "90"] + options))
        let badge = JPEGPatchChecks.badge(size: 60)
        for (x, y) in Self.positions {
            let tolerance = try Self.reencodingError(options, badge: badge, x: x, y: y) * 1.25 + 1
            let chosen = try JPEGPatchCompositor.composite(original, file: "gen.jpg", overlay: badge, x: x, y: y)
            if let expectedMethod { #expect(chosen.method == expectedMethod, "\(name)") }
            try JPEGPatchChecks.verify(chosen, original: original, overlay: badge, x: x, y: y, tolerance: tolerance)
            let rewritten = try JPEGPatchCompositor.composite(original, file: "gen.jpg", overlay: badge, x: x, y: y, method: .coefficients)
            try JPEGPatchChecks.verify(rewritten, original: original, overlay: badge, x: x, y: y, tolerance: tolerance)
            if chosen.method == .bitstreamSplice {
                #expect(
                    try JPEGCoefficients(reading: chosen.bytes).allBlocks() == JPEGCoefficients(reading: rewritten.bytes).allBlocks(),
                    "\(name) at (\(x), \(y)): splice and coefficient path differ")
                try JPEGPatchChecks.expectCleanDecode(chosen.bytes, "\(name) at (\(x), \(y))")
            } else if expectedMethod == .coefficients {
                #expect(throws: MediaError.self) {
                    _ = try JPEGPatchCompositor.composite(original, file: "gen.jpg", overlay: badge, x: x, y: y, method: .bitstreamSplice)
                }
            }
            // ffmpeg has no arithmetic decoding.
            try JPEGPatchChecks.expectCleanDecode(
                rewritten.bytes, "\(name) at (\(x), \(y)), coefficient path",
                ffmpeg: !options.contains("-arithmetic"))
        }
    }

    /// The error of JPEG itself here: the picture with the badge blended on, encoded whole with
    /// the same cjpeg options and decoded, against the blend, over the badge's opaque pixels.
    static func reencodingError(_ options: [String], badge: RGBAImage, x: Int, y: Int, picture: RGBImage = picture) throws -> Double {
        var blended = picture
        blended.blend(badge, x: x, y: y)
        let encoded = try #require(try JPEGPatchChecks.cjpeg(blended, ["-quality", "90"] + options))
        let region = PixelRect(x: x, y: y, width: badge.width, height: badge.height)
        var expected = blended
        try expected.crop(to: region)
        if options.contains("-grayscale") { expected = JPEGPatchChecks.luma(expected) }
        return JPEGPatchChecks.opaqueError(expected, try JPEGDecoder.decode(encoded, region: region), badge)
    }

    @Test("a file whose tables lack a symbol the patch needs falls back to the coefficient path, and says why when the splice is asked for")
    func missingHuffmanCodesFallBack() throws {
        // A flat grey picture with optimised tables has codes for almost nothing.
        let flat = RGBImage(width: 64, height: 64, pixels: [UInt8](repeating: 128, count: 64 * 64 * 3))
        let original = try #require(try JPEGPatchChecks.cjpeg(flat, ["-quality", "90", "-optimize"]))
        let badge = JPEGPatchChecks.badge(size: 30)
        let result = try JPEGPatchCompositor.composite(original, file: "flat.jpg", overlay: badge, x: 10, y: 10)
        #expect(result.method == .coefficients)
        let tolerance = try Self.reencodingError(["-optimize"], badge: badge, x: 10, y: 10, picture: flat) * 1.25 + 1
        try JPEGPatchChecks.verify(result, original: original, overlay: badge, x: 10, y: 10, tolerance: tolerance)
        do {
            _ = try JPEGPatchCompositor.composite(original, file: "flat.jpg", overlay: badge, x: 10, y: 10, method: .bitstreamSplice)
            Issue.record("the splice was asked for and did not refuse")
        } catch let error as MediaError {
            #expect(error.kind == .unsupported && error.file == "flat.jpg" && error.problem.contains("no code for symbol"), "\(error)")
        }
    }

    @Test("a patch shifting the bits of a scan without restart markers still ends cleanly, wherever it lands", .requires(.djpeg, .ffmpeg))
    func shiftedTailsEndCleanly() throws {
        let original = try #require(try JPEGPatchChecks.cjpeg(Self.picture, ["-quality", "85", "-sample", "2x2"]))
        // Small patches of different colours give every bit shift (mod 8) of the tail.
        var shifts = Set<Int>()
        for step in 0..<24 {
            let colour = (UInt8(step * 10 % 256), UInt8(255 - step * 7 % 256), UInt8(step * 31 % 256))
            let badge = JPEGPatchChecks.badge(size: 12 + step % 5, colour: colour)
            let result = try JPEGPatchCompositor.composite(original, file: nil, overlay: badge, x: 40 + step * 9, y: 60 + step * 5)
            #expect(result.method == .bitstreamSplice)
            shifts.insert((result.bytes.count - original.count) & 7)
            let reference = try JPEGPatchCompositor.composite(
                original, file: nil, overlay: badge, x: 40 + step * 9, y: 60 + step * 5,
                method: .coefficients)
            #expect(try JPEGCoefficients(reading: result.bytes).allBlocks() == JPEGCoefficients(reading: reference.bytes).allBlocks())
            try JPEGPatchChecks.expectCleanDecode(result.bytes, "step \(step)")
        }
        #expect(shifts.count > 1)
    }
}
