import Foundation
import GlintTestSupport
import Testing

@testable import GlintMedia

/// What the JPEG patch tests check on every output: blocks outside the patch untouched, the patch
/// really there, and helpers to make test JPEGs with libjpeg-turbo's own tools.
enum JPEGPatchChecks {
    /// A badge-like overlay: an opaque disc in `colour` with a soft (half-transparent) rim and
    /// fully transparent corners, `size` pixels square.
    static func badge(size: Int, colour: (UInt8, UInt8, UInt8) = (250, 204, 20)) -> RGBAImage {
        var image = RGBAImage(width: size, height: size)
        let centre = Double(size - 1) / 2
        let radius = Double(size) / 2 - 2
        for y in 0..<size {
            for x in 0..<size {
                let d = ((Double(x) - centre) * (Double(x) - centre) + (Double(y) - centre) * (Double(y) - centre)).squareRoot()
                let alpha: UInt8 = d < radius - 4 ? 255 : d < radius ? 128 : 0
                guard alpha > 0 else { continue }
                // A dark band across the middle, like a glyph on the badge.
                let stripe = abs(Double(y) - centre) > Double(size) / 8
                let i = (y * size + x) * 4
                image.pixels[i] = stripe ? colour.0 : 20
                image.pixels[i + 1] = stripe ? colour.1 : 20
                image.pixels[i + 2] = stripe ? colour.2 : 20
                image.pixels[i + 3] = alpha
            }
        }
        return image
    }

    /// Checks `result` (the patch of `overlay` at (`x`, `y`) onto `original`):
    /// - every block outside the result's iMCU bounding box has exactly its original coefficients;
    /// - every block inside it whose pixels the overlay leaves alone (alpha 0 everywhere) too;
    /// - the blocks under opaque overlay pixels did change;
    /// - decoding the result shows the overlay within JPEG quantisation error.
    /// `tolerance` is the mean error per channel allowed over the opaque overlay pixels.
    static func verify(
        _ result: JPEGPatchResult, original: [UInt8], overlay: RGBAImage, x: Int, y: Int,
        tolerance: Double = 3, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let before = try JPEGCoefficients(reading: original)
        let after = try JPEGCoefficients(reading: result.bytes)
        let layout = before.layout
        #expect(after.layout == layout, "frame layout changed", sourceLocation: sourceLocation)
        let box = result.blockBounds
        #expect(box.x % layout.iMCUWidth == 0 && box.y % layout.iMCUHeight == 0, sourceLocation: sourceLocation)
        #expect(
            box.x <= x && box.y <= y && box.x + box.width >= x + overlay.width && box.y + box.height >= y + overlay.height,
            "bounding box \(box) does not cover the overlay", sourceLocation: sourceLocation)
        let oldBlocks = try before.allBlocks()
        let newBlocks = try after.allBlocks()
        var outsideDiffers = 0
        var untouchedInsideDiffers = 0
        var opaqueUnchanged = 0
        var changedInside = 0
        for (c, component) in layout.components.enumerated() {
            let (sx, sy) = layout.pixelsPerSample(c)
            for by in 0..<component.heightInBlocks {
                for bx in 0..<component.widthInBlocks {
                    let offset = (by * component.widthInBlocks + bx) * 64
                    let same = oldBlocks[c][offset..<offset + 64] == newBlocks[c][offset..<offset + 64]
                    let px0 = bx * 8 * sx
                    let py0 = by * 8 * sy
                    let px1 = min(layout.width, px0 + 8 * sx)
                    let py1 = min(layout.height, py0 + 8 * sy)
                    let inside = px0 < box.x + box.width && px1 > box.x && py0 < box.y + box.height && py1 > box.y
                    if !inside {
                        if !same { outsideDiffers += 1 }
                        continue
                    }
                    if !same { changedInside += 1 }
                    let alphas = overlayAlphas(overlay, x: x, y: y, columns: px0..<px1, rows: py0..<py1)
                    if alphas.max == 0 && !same { untouchedInsideDiffers += 1 }
                    if alphas.min == 255 && same && c == 0 { opaqueUnchanged += 1 }
                }
            }
        }
        #expect(outsideDiffers == 0, "\(outsideDiffers) blocks outside the bounding box changed", sourceLocation: sourceLocation)
        #expect(untouchedInsideDiffers == 0, "\(untouchedInsideDiffers) blocks the overlay does not cover changed", sourceLocation: sourceLocation)
        // A re-encoded block can come out with its old values when its pixels hardly changed.
        #expect(
            changedInside <= result.changedBlockCount && changedInside * 10 >= result.changedBlockCount * 9,
            "\(changedInside) blocks differ, \(result.changedBlockCount) re-encoded", sourceLocation: sourceLocation)
        #expect(changedInside > 0, sourceLocation: sourceLocation)
        #expect(opaqueUnchanged < 4, "\(opaqueUnchanged) luma blocks under the opaque overlay kept their values", sourceLocation: sourceLocation)

        // The overlay is really there: compare libjpeg's decode of the output with the overlay
        // blended onto libjpeg's decode of the input, over the overlay's opaque pixels.
        let region = PixelRect(x: x, y: y, width: overlay.width, height: overlay.height)
        var expected = try JPEGDecoder.decode(original, region: region)
        expected.blend(overlay, x: 0, y: 0)
        if layout.colourSpace == .grayscale { expected = luma(expected) }
        let actual = try JPEGDecoder.decode(result.bytes, region: region)
        let mean = opaqueError(expected, actual, overlay)
        #expect(mean < tolerance, "mean error \(mean) over the opaque overlay, allowed \(tolerance)", sourceLocation: sourceLocation)
    }

    /// The mean absolute error per channel between `a` and `b` over the pixels `overlay` covers opaquely.
    static func opaqueError(_ a: RGBImage, _ b: RGBImage, _ overlay: RGBAImage) -> Double {
        var total = 0
        var count = 0
        for i in 0..<(overlay.width * overlay.height) where overlay.pixels[i * 4 + 3] == 255 {
            for channel in 0..<3 { total += abs(Int(a.pixels[i * 3 + channel]) - Int(b.pixels[i * 3 + channel])) }
            count += 3
        }
        return count > 0 ? Double(total) / Double(count) : .infinity
    }

    /// `image` as grey (JFIF luma in every channel).
    static func luma(_ image: RGBImage) -> RGBImage {
        var out = image
        for i in stride(from: 0, to: image.pixels.count, by: 3) {
            let y = 0.299 * Double(image.pixels[i]) + 0.587 * Double(image.pixels[i + 1]) + 0.114 * Double(image.pixels[i + 2])
            let value = UInt8(max(0, min(255, y.rounded())))
            out.pixels[i] = value
            out.pixels[i + 1] = value
            out.pixels[i + 2] = value
        }
        return out
    }

    /// The least and greatest overlay alpha over image columns and rows (0 where it does not reach).
    private static func overlayAlphas(_ overlay: RGBAImage, x: Int, y: Int, columns: Range<Int>, rows: Range<Int>) -> (min: UInt8, max: UInt8) {
        var low: UInt8 = 255
        var high: UInt8 = 0
        for py in rows {
            for px in columns {
                let ox = px - x
                let oy = py - y
                let alpha: UInt8 =
                    ox >= 0 && oy >= 0 && ox < overlay.width && oy < overlay.height
                    ? overlay.pixels[(oy * overlay.width + ox) * 4 + 3] : 0
                low = min(low, alpha)
                high = max(high, alpha)
            }
        }
        return (low, high)
    }

    /// A JPEG made by libjpeg-turbo's `cjpeg` from `image` with `options` (for example
    /// `["-sample", "2x1", "-restart", "1"]`), or nil when cjpeg is not installed.
    static func cjpeg(_ image: RGBImage, _ options: [String]) throws -> [UInt8]? {
        guard let tool = ExternalTool.find("cjpeg") else { return nil }
        let directory = try TemporaryDirectory("glint-jpegpatch")
        defer { directory.remove() }
        var ppm = Array("P6\n\(image.width) \(image.height)\n255\n".utf8)
        ppm.append(contentsOf: image.pixels)
        let input = directory.file("in.ppm")
        let output = directory.file("out.jpg")
        try Data(ppm).write(to: input)
        let outcome = try ExternalTool.run(tool, options + ["-outfile", output.path, input.path])
        guard outcome.succeeded else { throw MediaError(.encodingFailed, outcome.summary) }
        return [UInt8](try Data(contentsOf: output))
    }
}

extension JPEGPatchChecks {
    /// Expects `jpeg` to decode without any warning in libjpeg (through the shim's counts), djpeg
    /// and (unless `useFFmpeg` is false) ffmpeg: tests that call it require `.djpeg` and `.ffmpeg`.
    static func expectCleanDecode(_ jpeg: [UInt8], _ label: String, ffmpeg useFFmpeg: Bool = true, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let decoded = try JPEGDecoder.decodeReportingWarnings(jpeg)
        #expect(decoded.warningCount == 0, "\(label): libjpeg warns \(decoded.firstWarning ?? "")", sourceLocation: sourceLocation)
        let directory = try TemporaryDirectory("glint-jpegpatch")
        defer { directory.remove() }
        let file = directory.file("patched.jpg")
        try Data(jpeg).write(to: file)
        let djpeg = try #require(ExternalTool.find("djpeg"), "djpeg (libjpeg-turbo-progs) is not installed", sourceLocation: sourceLocation)
        let djpegRun = try ExternalTool.run(djpeg, ["-outfile", directory.file("out.ppm").path, file.path])
        #expect(djpegRun.succeeded && djpegRun.stderrText.isEmpty, "\(label): \(djpegRun.summary)", sourceLocation: sourceLocation)
        if useFFmpeg {
            let ffmpeg = try #require(ExternalTool.find("ffmpeg"), "ffmpeg is not installed", sourceLocation: sourceLocation)
            let outcome = try ExternalTool.run(ffmpeg, ["-v", "warning", "-nostdin", "-i", file.path, "-f", "null", "-"])
            #expect(outcome.succeeded && outcome.stderrText.isEmpty, "\(label): \(outcome.summary)", sourceLocation: sourceLocation)
        }
    }
}
