import Foundation

/// A still's HDR rendition, computed as an HDR display at the map's full headroom shows it
/// (the SDR picture in linear light, scaled to the map's size, times the map's gain), and a
/// colour difference between two renditions: how Glint measures that an edit kept HDR (tests,
/// `make bench-hdr`).
public enum HDRRendition {
    /// The rendition at the map's size, as linear light in Glint's working space (BT.2020,
    /// SDR white 1): `(SDR + offsetSDR) gain - offsetHDR` per pixel.
    /// - Parameters:
    ///   - sdr: The SDR picture, already at the map's size, in `space`.
    /// - Throws: ``MediaError`` for a colour space that is no matrix away from linear light.
    public static func render(_ sdr: RGBImage, space: ColourSpace, map: GainMap) throws -> [SIMD3<Float>] {
        precondition(sdr.width == map.image.width && sdr.height == map.image.height, "the picture is at the map's size")
        let light = try LinearLight(space)
        let tables = map.gainTables
        let (offsetSDR, offsetHDR) = (Float(map.offsets.sdr), Float(map.offsets.hdr))
        return (0..<(sdr.width * sdr.height)).map { i in
            let p = i * 3
            let linear = SIMD3(light.tables[0][Int(sdr.pixels[p])], light.tables[1][Int(sdr.pixels[p + 1])], light.tables[2][Int(sdr.pixels[p + 2])])
            let gain = SIMD3(tables[0][Int(map.image.pixels[p])], tables[1][Int(map.image.pixels[p + 1])], tables[2][Int(map.image.pixels[p + 2])])
            return light.multiply(light.toWorking, (linear + offsetSDR) * gain - offsetHDR)
        }
    }

    /// The recipe's colour change applied to a rendition (working-space values, above 1 kept).
    public static func adjusted(_ rendition: [SIMD3<Float>], by adjustment: ColourAdjustment) -> [SIMD3<Float>] {
        let steps = ColourAdjustment.Steps(adjustment)
        return rendition.map { SIMD3<Float>(steps.apply(SIMD3<Double>($0))) }
    }

    /// The mean CIEDE2000 between two renditions over the pixels `include` selects, in CIE L*a*b*
    /// with SDR white (working-space luminance 1) at L* 100: HDR highlights lie above 100.
    public static func meanCIEDE2000(_ a: [SIMD3<Float>], _ b: [SIMD3<Float>], include: [Bool]) -> Double {
        precondition(a.count == b.count && a.count == include.count, "renditions of one size")
        var total = 0.0
        var count = 0
        for i in a.indices where include[i] {
            total += ColourDifference.ciede2000(lab(a[i]), lab(b[i]))
            count += 1
        }
        return count == 0 ? .nan : total / Double(count)
    }

    static let toXYZ = ColourPrimaries.bt2020.rgbToXYZ

    /// L*a*b* (D65) of a working-space value.
    static func lab(_ rgb: SIMD3<Float>) -> ColourDifference.Lab {
        let v = SIMD3<Double>(rgb)
        let m = toXYZ
        let xyz = SIMD3(m[0] * v.x + m[1] * v.y + m[2] * v.z, m[3] * v.x + m[4] * v.y + m[5] * v.z, m[6] * v.x + m[7] * v.y + m[8] * v.z)
        let white = SIMD3(0.3127 / 0.3290, 1, (1 - 0.3127 - 0.3290) / 0.3290)
        func f(_ t: Double) -> Double { t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116 }
        let (fx, fy, fz) = (f(max(0, xyz.x / white.x)), f(max(0, xyz.y / white.y)), f(max(0, xyz.z / white.z)))
        return ColourDifference.Lab(l: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz))
    }
}
