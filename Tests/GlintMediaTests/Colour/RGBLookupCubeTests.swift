import Foundation
import GlintMedia
import GlintTestSupport
import Testing

/// The baked cube must reproduce the exact floating-point chain it was baked from.
@Suite("RGB lookup cube", .suiteTimeLimit)
struct RGBLookupCubeTests {
    /// Every grey level plus seeded random colours.
    static func sampleImage() -> RGBImage {
        var generator = SeededRandomGenerator(seed: 7)
        var pixels: [UInt8] = []
        for level in 0..<256 { pixels += [UInt8(level), UInt8(level), UInt8(level)] }
        for _ in 0..<(64 * 64 - 256) {
            pixels += (0..<3).map { _ in UInt8.random(in: 0...255, using: &generator) }
        }
        return RGBImage(width: 64, height: 64, pixels: pixels)
    }

    /// The exact chain for interleaved pixels, in floating point, as code values 0...255.
    static func exact(
        _ pixels: [UInt8], source: ColourSpace, output: ColourSpace,
        adjustment: ColourAdjustment
    ) throws -> [Double] {
        var working = try ColourConverter(from: source, to: .working).convert(pixels.map { Float($0) / 255 })
        adjustment.apply(toWorking: &working)
        return try ColourConverter(from: .working, to: output).convert(working).map { min(max(Double($0), 0), 1) * 255 }
    }

    @Test(arguments: [ColourSpace.sRGB, .displayP3])
    func identityChainIsExact(space: ColourSpace) throws {
        let cube = try RGBLookupCube(source: space, output: space, adjustment: ColourAdjustment())
        let original = Self.sampleImage()
        var image = original
        cube.apply(to: &image)
        #expect(image == original)
    }

    @Test(arguments: [
        ColourAdjustment(exposure: 1.5),
        ColourAdjustment(exposure: -0.8, contrast: 0.4),
        ColourAdjustment(saturation: 0.6, warmth: 0.5),
        ColourAdjustment(brightness: 0.4, highlights: -0.5, shadows: 0.6, vibrance: 0.5, tint: -0.3),
    ])
    func bakedCubeFollowsTheExactChain(adjustment: ColourAdjustment) throws {
        let cube = try RGBLookupCube(source: .displayP3, output: .sRGB, adjustment: adjustment)
        let original = Self.sampleImage()
        var image = original
        cube.apply(to: &image)
        var worst = 0.0
        var total = 0.0
        let exact = try Self.exact(original.pixels, source: .displayP3, output: .sRGB, adjustment: adjustment)
        for (value, target) in zip(image.pixels, exact) {
            let error = abs(Double(value) - target)
            worst = max(worst, error)
            total += error
        }
        let mean = total / Double(original.pixels.count)
        #expect(mean < 0.3, "mean error \(mean) code values")
        #expect(worst < 2.5, "worst error \(worst) code values")
    }

    @Test func convertsP3ToSRGBLikeLittleCMS() throws {
        let cube = try RGBLookupCube(source: .displayP3, output: .sRGB, adjustment: ColourAdjustment())
        var image = RGBImage(width: 2, height: 1, pixels: [255, 0, 0, 204, 51, 38])
        cube.apply(to: &image)
        // Pure P3 red is outside sRGB: it clips to sRGB red. A softer P3 red gets more saturated.
        #expect(Array(image.pixels[0..<3]) == [255, 0, 0])
        let exact = try Self.exact([204, 51, 38], source: .displayP3, output: .sRGB, adjustment: ColourAdjustment())
        for c in 0..<3 { #expect(abs(Double(image.pixels[3 + c]) - exact[c]) <= 1, "\(image.pixels) vs \(exact)") }
        #expect(image.pixels[3] > 204 && image.pixels[4] < 51 && image.pixels[5] < 38)
    }
}
