import Foundation

/// Every pointwise colour operation of an edit, applied in Glint's working space
/// (``ColourSpace/working``: linear light, BT.2020 primaries, D65). Zero values change nothing.
///
/// `Y` below is luminance, `0.2627 R + 0.6780 G + 0.0593 B` (the BT.2020 weights); `p` is
/// luminance on the sRGB curve, `p = srgb(Y)`, a perceptual scale where mid grey is about 0.46.
/// The operations run in this order:
///
/// 1. **exposure** `e` (stops): `RGB *= 2^e`.
/// 2. **warmth** `w` and **tint** `t` (white-balance gains in linear light):
///    `R *= 2^(0.3 w)`, `B *= 2^(-0.3 w)`, `G *= 2^(-0.25 t)`, then all three divided by the
///    luminance of the gains, so a neutral grey keeps its luminance. Positive warmth is amber,
///    negative blue; positive tint magenta, negative green.
/// 3. **contrast** `c`: each channel `x -> 0.18 (x / 0.18)^(1 + c)` about 18% grey (so -1
///    flattens everything to mid grey and 1 doubles the slope in stops).
/// 4. **brightness** `b`, **highlights** `h`, **shadows** `s`: global curves on `p`, keeping
///    black and white: first `p -> p + 0.8 b p(1 - p)` (most change at mid-tones, `p = 1/2`),
///    then `p -> p + 0.9 h p²(1 - p) + 0.9 s p(1 - p)²` (highlights act most near `p = 2/3`,
///    shadows near `p = 1/3`). Each curve is monotonic with a finite slope for every value in
///    -1...1. RGB is scaled by `Y' / Y`, so hue and saturation are kept. Luminance above 1
///    (overexposed) is left to the output's clipping.
/// 5. **saturation** `s`: `RGB = Y + (RGB - Y)(1 + s)`.
/// 6. **vibrance** `v`: the same with `1 + v (1 - S)`, where `S = (max - min) / max` of the
///    colour: grey-ish colours change most, saturated ones hardly.
/// 7. **LUT** at **intensity** `k`: the colour goes to sRGB primaries on the sRGB curve (the
///    convention of display looks; values outside 0...1 are kept by the extended curve), the
///    table is looked up (``CubeLUT/lookup(_:)``), the result mixed `x + k (lut(x) - x)` in that
///    encoding, and back to the working space.
///
/// Vignette is not pointwise: ``RadialVignette`` applies it after the output conversion.
public struct ColourAdjustment: Sendable, Equatable {
    public var exposure: Double
    public var contrast: Double
    public var brightness: Double
    public var highlights: Double
    public var shadows: Double
    public var saturation: Double
    public var vibrance: Double
    public var warmth: Double
    public var tint: Double
    /// The look-up table, if any.
    public var lut: CubeLUT?
    /// How much of the LUT's change to apply, 0...1.
    public var lutIntensity: Double

    /// Creates an adjustment; zero values (and no LUT) change nothing.
    public init(
        exposure: Double = 0, contrast: Double = 0, brightness: Double = 0, highlights: Double = 0,
        shadows: Double = 0, saturation: Double = 0, vibrance: Double = 0, warmth: Double = 0, tint: Double = 0,
        lut: CubeLUT? = nil, lutIntensity: Double = 1
    ) {
        self.exposure = exposure
        self.contrast = contrast
        self.brightness = brightness
        self.highlights = highlights
        self.shadows = shadows
        self.saturation = saturation
        self.vibrance = vibrance
        self.warmth = warmth
        self.tint = tint
        self.lut = lut
        self.lutIntensity = lutIntensity
    }

    /// Whether the adjustment changes nothing.
    public var isIdentity: Bool {
        [exposure, contrast, brightness, highlights, shadows, saturation, vibrance, warmth, tint].allSatisfy { $0 == 0 }
            && (lut == nil || lutIntensity == 0)
    }

    /// The luminance weights of the working space.
    static let weights: SIMD3<Double> = {
        let w = ColourPrimaries.bt2020.luminanceWeights
        return SIMD3(w.red, w.green, w.blue)
    }()

    /// Adjusts working-space values (interleaved linear RGB triples) in place.
    public func apply(toWorking values: inout [Float]) {
        guard !isIdentity else { return }
        let steps = Steps(self)
        for i in stride(from: 0, to: values.count - 2, by: 3) {
            let out = steps.apply(SIMD3(Double(values[i]), Double(values[i + 1]), Double(values[i + 2])))
            values[i] = Float(out.x)
            values[i + 1] = Float(out.y)
            values[i + 2] = Float(out.z)
        }
    }

    /// Adjusts one working-space colour.
    public func apply(_ rgb: SIMD3<Double>) -> SIMD3<Double> {
        isIdentity ? rgb : Steps(self).apply(rgb)
    }

    /// The operations with their constants worked out once.
    struct Steps {
        let adjustment: ColourAdjustment
        let gains: SIMD3<Double>
        let curvesLuminance: Bool
        let toLUT: [Double]
        let fromLUT: [Double]

        init(_ a: ColourAdjustment) {
            adjustment = a
            var gains = SIMD3(pow(2, 0.3 * a.warmth), pow(2, -0.25 * a.tint), pow(2, -0.3 * a.warmth))
            gains /= (gains * ColourAdjustment.weights).sum()
            self.gains = gains * pow(2, a.exposure)
            curvesLuminance = a.brightness != 0 || a.highlights != 0 || a.shadows != 0
            toLUT = ColourPrimaries.bt2020.conversionMatrix(to: .bt709)
            fromLUT = ColourPrimaries.bt709.conversionMatrix(to: .bt2020)
        }

        func apply(_ input: SIMD3<Double>) -> SIMD3<Double> {
            let a = adjustment
            var rgb = input * gains
            if a.contrast != 0 {
                let power = 1 + a.contrast
                for c in 0..<3 { rgb[c] = rgb[c] > 0 ? 0.18 * pow(rgb[c] / 0.18, power) : 0 }
            }
            if curvesLuminance {
                let y = (rgb * ColourAdjustment.weights).sum()
                if y > 0 && y < 1 {
                    var p = TransferCurve.encode(y)
                    p += 0.8 * a.brightness * p * (1 - p)
                    p += 0.9 * a.highlights * p * p * (1 - p) + 0.9 * a.shadows * p * (1 - p) * (1 - p)
                    rgb *= TransferCurve.decode(min(max(p, 0), 1)) / y
                }
            }
            if a.saturation != 0 || a.vibrance != 0 {
                let y = (rgb * ColourAdjustment.weights).sum()
                var keep = 1 + a.saturation
                if a.vibrance != 0 {
                    let high = rgb.max()
                    let low = rgb.min()
                    let s = high > 0 ? min(max((high - low) / high, 0), 1) : 0
                    keep *= 1 + a.vibrance * (1 - s)
                }
                rgb = y + (rgb - y) * keep
            }
            if let lut = a.lut, a.lutIntensity > 0 {
                let x = Self.encode(Self.multiply(toLUT, rgb))
                let looked = lut.lookup(x)
                rgb = Self.multiply(fromLUT, Self.decode(x + a.lutIntensity * (looked - x)))
            }
            return rgb
        }

        static func multiply(_ m: [Double], _ v: SIMD3<Double>) -> SIMD3<Double> {
            SIMD3(m[0] * v.x + m[1] * v.y + m[2] * v.z, m[3] * v.x + m[4] * v.y + m[5] * v.z, m[6] * v.x + m[7] * v.y + m[8] * v.z)
        }

        static func encode(_ v: SIMD3<Double>) -> SIMD3<Double> {
            SIMD3(TransferCurve.encodeExtended(v.x), TransferCurve.encodeExtended(v.y), TransferCurve.encodeExtended(v.z))
        }

        static func decode(_ v: SIMD3<Double>) -> SIMD3<Double> {
            SIMD3(TransferCurve.decodeExtended(v.x), TransferCurve.decodeExtended(v.y), TransferCurve.decodeExtended(v.z))
        }
    }
}
