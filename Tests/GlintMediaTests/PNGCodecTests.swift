import Foundation
import GlintMedia
import GlintTestSupport
import Testing

@Suite("PNG codec", .suiteTimeLimit)
struct PNGCodecTests {
    private func gradient(width: Int, height: Int) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                image.pixels[i] = UInt8(x * 255 / max(width - 1, 1))
                image.pixels[i + 1] = UInt8(y * 255 / max(height - 1, 1))
                image.pixels[i + 2] = UInt8((x + y) & 255)
                image.pixels[i + 3] = UInt8((x * 7 + y * 3) & 255)
            }
        }
        return image
    }

    @Test("RGBA round-trips exactly and the file declares sRGB")
    func rgbaRoundTrip() throws {
        let image = gradient(width: 37, height: 21)
        let png = try PNGEncoder.encode(image)
        let header = try PNGHeader(Array(png.prefix(29)))
        #expect(header.width == 37 && header.height == 21 && header.bitDepth == 8 && header.colourType == 6)
        #expect(png.indices.dropLast(4).contains { png[$0..<$0 + 4].elementsEqual("sRGB".utf8) })
        #expect(try PNGDecoder.decode(png) == image)
    }

    @Test("RGB encodes as colour type 2 and decodes opaque")
    func rgbRoundTrip() throws {
        let rgba = gradient(width: 16, height: 9)
        let png = try PNGEncoder.encode(rgba.rgb)
        #expect(try PNGHeader(Array(png.prefix(29))).colourType == 2)
        let back = try PNGDecoder.decode(png)
        #expect(back.rgb == rgba.rgb)
        #expect(stride(from: 3, to: back.pixels.count, by: 4).allSatisfy { back.pixels[$0] == 255 })
    }

    @Test("Damaged PNGs give typed errors naming the file")
    func badInput() throws {
        let png = try PNGEncoder.encode(gradient(width: 64, height: 64))
        #expect(throws: MediaError.self) { try PNGDecoder.decode([], file: "empty.png") }
        #expect(throws: MediaError.self) { try PNGDecoder.decode(Array("not a png at all, just text....".utf8), file: "text.png") }
        let truncated = Array(png.prefix(png.count / 2))
        do {
            _ = try PNGDecoder.decode(truncated, file: "half.png")
            Issue.record("a truncated PNG decoded")
        } catch let error as MediaError {
            #expect(error.file == "half.png")
        }
        var huge = png
        huge.replaceSubrange(16..<24, with: [0, 1, 0, 0, 0, 1, 0, 0])  // 65536 x 65536
        #expect(throws: MediaError.self) { try PNGDecoder.decode(huge, file: "huge.png") }
    }
}
