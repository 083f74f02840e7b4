import Foundation
import GlintMedia
import GlintTestSupport
import Testing

/// ``PNGEncoder/Compression``: both settings write valid sRGB PNGs that decode to the same pixels.
@Suite("PNG encoder compression", .suiteTimeLimit)
struct PNGEncoderCompressionTests {
    /// Mostly flat colour with smooth ramps and some noise, like a drawing with gradients.
    static func picture(width: Int, height: Int) -> RGBImage {
        var random = SplitMix(seed: 7)
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width where (x / 16 + y / 16) % 3 != 0 {
                let i = (y * width + x) * 3
                pixels[i] = UInt8(x * 255 / width)
                pixels[i + 1] = UInt8(y * 255 / height)
                pixels[i + 2] = UInt8(truncatingIfNeeded: random.next())
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    @Test("fast and standard PNGs decode to the same pixels", arguments: [(1, 1), (37, 19), (640, 480)])
    func bothDecodeAlike(width: Int, height: Int) throws {
        let image = Self.picture(width: width, height: height)
        let standard = try PNGEncoder.encode(image, compression: .standard)
        let fast = try PNGEncoder.encode(image, compression: .fast)
        #expect(try PNGDecoder.decode(standard) == RGBAImage(image))
        #expect(try PNGDecoder.decode(fast) == RGBAImage(image))
        for bytes in [standard, fast] {
            #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            #expect(String(decoding: bytes, as: UTF8.self).contains("sRGB"))
            #expect(Array(bytes.suffix(8).prefix(4)) == Array("IEND".utf8))
        }
        let rgba = RGBAImage(image)
        #expect(try PNGDecoder.decode(try PNGEncoder.encode(rgba, compression: .fast)) == rgba)
    }
}
