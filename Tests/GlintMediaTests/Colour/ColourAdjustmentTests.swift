import Foundation
import GlintMedia
import GlintTestSupport
import Testing

/// Each colour operation does what its definition says, in the working space.
@Suite("Colour adjustment", .suiteTimeLimit)
struct ColourAdjustmentTests {
    static let weights = SIMD3(0.2627, 0.6780, 0.0593)
    static func luminance(_ c: SIMD3<Double>) -> Double { (c * weights).sum() }
    static func chroma(_ c: SIMD3<Double>) -> Double { c.max() - c.min() }
    static let grey = SIMD3(0.18, 0.18, 0.18)
    static let colour = SIMD3(0.30, 0.12, 0.05)

    @Test func zeroChangesNothing() {
        #expect(ColourAdjustment().isIdentity)
        #expect(ColourAdjustment().apply(Self.colour) == Self.colour)
        #expect(ColourAdjustment(lut: .identity(size: 2), lutIntensity: 0).isIdentity)
    }

    @Test func exposureDoublesLinearLightPerStop() {
        let out = ColourAdjustment(exposure: 1).apply(Self.colour)
        #expect(abs(out.x - 0.6) < 1e-9 && abs(out.y - 0.24) < 1e-9 && abs(out.z - 0.1) < 1e-9)
    }

    @Test func warmthAndTintAreGainsThatKeepGreyLuminance() {
        let warm = ColourAdjustment(warmth: 0.5).apply(Self.grey)
        #expect(warm.x > warm.y && warm.y > warm.z)
        #expect(abs(Self.luminance(warm) - 0.18) < 1e-6)
        let cool = ColourAdjustment(warmth: -0.5).apply(Self.grey)
        #expect(cool.z > cool.x)
        let magenta = ColourAdjustment(tint: 0.5).apply(Self.grey)
        #expect(magenta.y < magenta.x && abs(magenta.x - magenta.z) < 1e-12)
        #expect(abs(Self.luminance(magenta) - 0.18) < 1e-6)
        // Gains: the ratio between two colours' channels is the same.
        let a = ColourAdjustment(warmth: 0.5).apply(Self.colour)
        #expect(abs(a.x / Self.colour.x / (warm.x / 0.18) - 1) < 1e-9)
    }

    @Test func contrastPivotsOnMidGrey() {
        let up = ColourAdjustment(contrast: 0.5)
        #expect(abs(up.apply(Self.grey).x - 0.18) < 1e-12)
        #expect(up.apply(SIMD3(repeating: 0.36)).x > 0.36 * 1.2)
        #expect(up.apply(SIMD3(repeating: 0.09)).x < 0.09 / 1.2)
        #expect(abs(ColourAdjustment(contrast: -1).apply(Self.colour).x - 0.18) < 1e-12)
    }

    @Test(arguments: [
        ("brightness", 0.6), ("brightness", -0.6), ("highlights", -1.0), ("highlights", 1.0),
        ("shadows", 1.0), ("shadows", -1.0),
    ])
    func toneCurvesKeepBlackWhiteHueAndOrder(key: String, value: Double) {
        let adjustment =
            switch key {
            case "brightness": ColourAdjustment(brightness: value)
            case "highlights": ColourAdjustment(highlights: value)
            default: ColourAdjustment(shadows: value)
            }
        #expect(adjustment.apply(.zero) == .zero)
        #expect(abs(adjustment.apply(.one).x - 1) < 1e-9)
        // Monotonic: brighter in, brighter out.
        var previous = -1.0
        for step in 0...200 {
            let y = Self.luminance(adjustment.apply(SIMD3(repeating: Double(step) / 200)))
            #expect(y >= previous - 1e-12, "\(key) \(value) is not monotonic at \(step)")
            previous = y
        }
        // Acts where its name says: brightness on the mid-tones, highlights high, shadows low.
        let probe = key == "highlights" ? 0.5 : key == "shadows" ? 0.03 : 0.18
        let moved = Self.luminance(adjustment.apply(SIMD3(repeating: probe))) - probe
        #expect(value > 0 ? moved > probe * 0.1 : moved < -probe * 0.1, "\(key) \(value) moved \(probe) by \(moved)")
        // Hue kept: channel ratios unchanged.
        let out = adjustment.apply(Self.colour)
        #expect(abs(out.x / out.y - Self.colour.x / Self.colour.y) < 1e-9)
    }

    @Test func saturationAndVibrance() {
        let grey = ColourAdjustment(saturation: -1).apply(Self.colour)
        #expect(Self.chroma(grey) < 1e-12)
        #expect(abs(Self.luminance(grey) - Self.luminance(Self.colour)) < 1e-6)
        let doubled = ColourAdjustment(saturation: 1).apply(Self.colour)
        #expect(abs(Self.chroma(doubled) - 2 * Self.chroma(Self.colour)) < 1e-9)
        // Vibrance boosts a muted colour far more than a saturated one.
        let muted = SIMD3(0.20, 0.18, 0.16)
        let vivid = SIMD3(0.40, 0.05, 0.02)
        let v = ColourAdjustment(vibrance: 1)
        let mutedGain = Self.chroma(v.apply(muted)) / Self.chroma(muted)
        let vividGain = Self.chroma(v.apply(vivid)) / Self.chroma(vivid)
        #expect(mutedGain > 1.7 && vividGain < 1.2, "\(mutedGain) \(vividGain)")
    }

    @Test func lutIntensityMixesInSRGBEncoding() {
        // A LUT that inverts: at intensity 0.5 every sRGB-encoded value lands on 0.5 (grey).
        var table: [Float] = []
        for b in 0..<2 { for g in 0..<2 { for r in 0..<2 { table += [Float(1 - r), Float(1 - g), Float(1 - b)] } } }
        let invert = CubeLUT(size: 2, table: table)
        let half = ColourAdjustment(lut: invert, lutIntensity: 0.5).apply(Self.colour)
        let middle = TransferCurve.decode(0.5)
        #expect(abs(half.x - middle) < 1e-6 && abs(half.y - middle) < 1e-6 && abs(half.z - middle) < 1e-6)
        let full = ColourAdjustment(lut: invert).apply(.zero)
        #expect(abs(full.x - 1) < 1e-6 && abs(full.y - 1) < 1e-6)
    }
}
