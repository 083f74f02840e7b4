import Foundation
import GlintMedia
import GlintTestSupport
import Testing

@Suite("Radial vignette", .suiteTimeLimit)
struct RadialVignetteTests {
    static func grey(width: Int, height: Int, level: UInt8 = 180) -> RGBImage {
        RGBImage(width: width, height: height, pixels: [UInt8](repeating: level, count: width * height * 3))
    }

    static func vignetted(_ image: RGBImage, amount: Double, space: ColourSpace = .sRGB) throws -> RGBImage {
        let cube = try RGBLookupCube(source: space, output: space, adjustment: ColourAdjustment())
        var out = image
        cube.apply(to: &out, vignette: RadialVignette(amount: amount))
        return out
    }

    @Test func darkensCornersBy1Point5StopsAndKeepsTheCentre() throws {
        let image = try Self.vignetted(Self.grey(width: 400, height: 300), amount: 1)
        #expect(image[200, 150] == (180, 180, 180))
        let corner = image[0, 0].r
        let gain = RadialVignette(amount: 1).gain(u: -0.9975, v: -0.99667)
        let expected = TransferCurve.encode(TransferCurve.decode(180.0 / 255) * gain) * 255
        #expect(abs(Double(corner) - expected) <= 1, "corner \(corner), expected \(expected)")
        #expect(corner < 120)
        // Symmetric about both axes.
        #expect(image[0, 0] == image[399, 299] && image[0, 299] == image[399, 0])
        #expect(image[0, 150].r < 180 && image[0, 150].r > corner)
    }

    @Test func negativeLightensAndScalesWithThePicture() throws {
        let big = try Self.vignetted(Self.grey(width: 800, height: 600, level: 100), amount: -0.5, space: .displayP3)
        let small = try Self.vignetted(Self.grey(width: 80, height: 60, level: 100), amount: -0.5, space: .displayP3)
        #expect(big[0, 0].r > 100)
        // The same normalised place gets the same change at any size.
        for (x, y) in [(10, 10), (40, 5), (70, 50), (5, 30)] {
            #expect(abs(Int(big[x * 10 + 5, y * 10 + 5].r) - Int(small[x, y].r)) <= 1)
        }
    }
}
