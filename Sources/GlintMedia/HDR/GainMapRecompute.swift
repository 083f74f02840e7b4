import Foundation

/// Recomputes a gain map after a colour edit, so that the edited file's HDR rendition is the
/// recipe applied to the input's HDR rendition ("edit both renditions and recompute the map",
/// `../shared/spec/hdr-gain-maps.md`), at the map's resolution:
///
/// 1. the input's HDR rendition: the SDR picture (after the edit's geometry, scaled to the map)
///    in linear light, times the map's gain (full weight);
/// 2. the recipe's colour change applied to it in the working space (``ColourAdjustment``, with
///    values above 1 kept);
/// 3. the output's SDR rendition: what the edit writes, the same pixels through the edit's colour
///    stage, in linear light;
/// 4. the new gain per map pixel: `(Y_hdr + offsetHDR) / (Y_sdr + offsetSDR)` for a grey map (`Y` is
///    luminance), per channel for a colour map; where the output SDR is black, the old gain;
/// 5. the headroom (Apple) or `GainMapMin`/`GainMapMax`/`HDRCapacityMax` (Ultra HDR, ISO) set to
///    the new gains' range, and the map encoded with them.
///
/// Every step but the recipe's is linear in light, and the recipe's operations other than the
/// luminance curves and a LUT scale with the light (exposure, white balance, contrast about grey,
/// saturation, vibrance), so the result is exact wherever neither rendition clips.
public struct GainMapRecompute: Sendable {
    let input: LinearLight
    let output: LinearLight
    let adjustment: ColourAdjustment

    /// Prepares the recomputation of maps for pictures in `sourceSpace` edited by `adjustment`
    /// and written in `outputSpace` (before any pixel is there: the colour spaces' tables).
    /// - Throws: ``MediaError`` `.unsupported` for a colour space that is no matrix away from linear light.
    public init(sourceSpace: ColourSpace, outputSpace: ColourSpace, adjustment: ColourAdjustment) throws {
        input = try LinearLight(sourceSpace)
        output = try LinearLight(outputSpace)
        self.adjustment = adjustment
    }

    /// The new map.
    /// - Parameters:
    ///   - map: The input's map, after the edit's geometry.
    ///   - source: The input's SDR pixels after the edit's geometry, at the map's size, in the source space.
    ///   - edited: The same pixels after the edit's colour change, in the output space (what is written).
    public func recompute(_ map: GainMap, source: RGBImage, edited: RGBImage) -> GainMap {
        precondition(source.width == map.image.width && source.height == map.image.height, "the SDR pixels are at the map's size")
        precondition(edited.width == source.width && edited.height == source.height, "both renditions are at the map's size")
        let gains = Self.newGains(map, source: source, edited: edited, input: input, output: output, adjustment: adjustment)
        let encoding = Self.fitted(map.encoding, gains: gains, channels: map.channels)
        return GainMap(image: Self.encoded(gains, channels: map.channels, like: map.image, encoding: encoding), channels: map.channels, encoding: encoding)
    }

    /// The new gain of every map pixel (`channels` per pixel).
    static func newGains(
        _ map: GainMap, source: RGBImage, edited: RGBImage, input: LinearLight, output: LinearLight, adjustment: ColourAdjustment
    ) -> [Float] {
        let tables = map.gainTables
        let (offsetSDR, offsetHDR) = (Float(map.offsets.sdr), Float(map.offsets.hdr))
        let weights = SIMD3<Float>(Float(ColourAdjustment.weights.x), Float(ColourAdjustment.weights.y), Float(ColourAdjustment.weights.z))
        let steps = ColourAdjustment.Steps(adjustment)
        let count = map.image.width * map.image.height
        var gains = [Float](repeating: 1, count: count * map.channels)
        for i in 0..<count {
            let p = i * 3
            let old = SIMD3(tables[0][Int(map.image.pixels[p])], tables[1][Int(map.image.pixels[p + 1])], tables[2][Int(map.image.pixels[p + 2])])
            let sdr = SIMD3(
                input.tables[0][Int(source.pixels[p])], input.tables[1][Int(source.pixels[p + 1])], input.tables[2][Int(source.pixels[p + 2])])
            let hdr = (sdr + offsetSDR) * old - offsetHDR
            let adjusted = SIMD3<Float>(steps.apply(SIMD3<Double>(input.multiply(input.toWorking, hdr))))
            let written = output.working(edited.pixels[p], edited.pixels[p + 1], edited.pixels[p + 2])
            if map.channels == 1 {
                let y = (written * weights).sum()
                gains[i] = y > 1e-4 ? ((adjusted * weights).sum() + offsetHDR) / (y + offsetSDR) : old.x
            } else {
                let hdrOut = output.multiply(output.fromWorking, adjusted)
                let sdrOut = output.multiply(output.fromWorking, written)
                for c in 0..<3 { gains[i * 3 + c] = sdrOut[c] > 1e-4 ? (hdrOut[c] + offsetHDR) / (sdrOut[c] + offsetSDR) : old[c] }
            }
        }
        return gains
    }

    /// The encoding whose range holds `gains`: Apple's headroom their largest (1...8); a
    /// logarithmic map's minimum and maximum theirs, its full-weight capacity the maximum.
    static func fitted(_ encoding: GainMap.Encoding, gains: [Float], channels: Int) -> GainMap.Encoding {
        let finite = gains.lazy.filter(\.isFinite)
        let low = Double(finite.min() ?? 1)
        let high = Double(finite.max() ?? 1)
        switch encoding {
        case .apple:
            return .apple(headroom: min(max(high, 1), AppleHDRHeadroom.maximum))
        case .logarithmic(var parameters):
            let logLow = log2(max(low, 1e-6))
            let logHigh = max(log2(max(high, 1e-6)), logLow + 1e-6)
            parameters.gainMapMin = [logLow]
            parameters.gainMapMax = [logHigh]
            parameters.gamma = [GainMapParameters.expanded(parameters.gamma)[0]]
            parameters.offsetSDR = [parameters.offsetSDR[0]]
            parameters.offsetHDR = [parameters.offsetHDR[0]]
            parameters.hdrCapacityMax = max(logHigh, parameters.hdrCapacityMin + 1e-6)
            return .logarithmic(parameters)
        }
    }

    /// The map image storing `gains` with `encoding`: each gain stored as the code whose gain
    /// is nearest (a binary search of the encoding's 256 gains, which rise with the code).
    static func encoded(_ gains: [Float], channels: Int, like image: RGBImage, encoding: GainMap.Encoding) -> RGBImage {
        let tables = GainMap(image: image, channels: channels, encoding: encoding).gainTables
        var result = image
        func code(_ gain: Float, _ table: [Float]) -> UInt8 {
            var (low, high) = (0, 255)
            while low < high {
                let middle = (low + high) / 2
                if table[middle] < gain { low = middle + 1 } else { high = middle }
            }
            if low > 0, abs(table[low - 1] - gain) <= abs(table[low] - gain) { return UInt8(low - 1) }
            return UInt8(low)
        }
        for i in 0..<(image.width * image.height) {
            if channels == 1 {
                let value = code(gains[i], tables[0])
                (result.pixels[i * 3], result.pixels[i * 3 + 1], result.pixels[i * 3 + 2]) = (value, value, value)
            } else {
                for c in 0..<3 { result.pixels[i * 3 + c] = code(gains[i * 3 + c], tables[c]) }
            }
        }
        return result
    }
}
