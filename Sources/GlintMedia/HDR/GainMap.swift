import Foundation

/// A still's gain map, decoded: its pixels (a grey map as RGB with three equal channels) at the
/// map's own resolution, and how a code value becomes a gain (a multiplier of linear light).
///
/// - Apple: `g = rec709⁻¹(code / 255)`, `HDR = SDR (1 + (headroom - 1) g)`.
/// - Ultra HDR and ISO 21496-1 (``GainMapParameters``): `G = (code / 255)^(1 / gamma)`,
///   `log2 gain = min + G (max - min)`, `HDR = (SDR + offsetSDR) gain - offsetHDR`.
///
/// The HDR rendition is the one at full weight (a display with at least the map's headroom).
public struct GainMap: Sendable, Equatable {
    /// How code values become gains.
    public enum Encoding: Sendable, Equatable {
        case apple(headroom: Double)
        case logarithmic(GainMapParameters)
    }

    /// The map's pixels, in the picture's stored orientation (a HEIC's as displayed).
    public var image: RGBImage
    /// 1 for a grey map, 3 for one with a gain per colour channel.
    public var channels: Int
    public var encoding: Encoding

    public init(image: RGBImage, channels: Int, encoding: Encoding) {
        self.image = image
        self.channels = channels
        self.encoding = encoding
    }

    /// The most a map brightens: Apple's headroom, or `2^HDRCapacityMax`.
    public var headroom: Double {
        switch encoding {
        case .apple(let headroom): headroom
        case .logarithmic(let parameters): parameters.headroom
        }
    }

    /// For each channel, the gain of each code value (256 entries).
    public var gainTables: [[Float]] {
        (0..<3).map { channel in (0..<256).map { Float(Self.gain(code: Double($0) / 255, channel: channel, encoding: encoding)) } }
    }

    /// The offsets added to SDR and HDR linear values before the ratio (0 for Apple's maps).
    public var offsets: (sdr: Double, hdr: Double) {
        guard case .logarithmic(let parameters) = encoding else { return (0, 0) }
        return (parameters.offsetSDR[0], parameters.offsetHDR[0])
    }

    /// The gain of a code value (0...1).
    static func gain(code: Double, channel: Int, encoding: Encoding) -> Double {
        switch encoding {
        case .apple(let headroom):
            return 1 + (headroom - 1) * rec709Inverse(code)
        case .logarithmic(let p):
            let gamma = GainMapParameters.expanded(p.gamma)[channel]
            let low = GainMapParameters.expanded(p.gainMapMin)[channel]
            let high = GainMapParameters.expanded(p.gainMapMax)[channel]
            return pow(2, low + pow(code, 1 / gamma) * (high - low))
        }
    }

    /// The code value (0...255) that stores `gain` in `channel`, clamped to what the encoding holds.
    static func code(gain: Double, channel: Int, encoding: Encoding) -> UInt8 {
        let value: Double
        switch encoding {
        case .apple(let headroom):
            value = headroom > 1 ? rec709((gain - 1) / (headroom - 1)) : 0
        case .logarithmic(let p):
            let gamma = GainMapParameters.expanded(p.gamma)[channel]
            let low = GainMapParameters.expanded(p.gainMapMin)[channel]
            let high = GainMapParameters.expanded(p.gainMapMax)[channel]
            value = high > low ? pow(min(max((log2(max(gain, 1e-9)) - low) / (high - low), 0), 1), gamma) : 0
        }
        return UInt8((min(max(value, 0), 1) * 255).rounded())
    }

    /// The Rec. 709 curve (BT.709 OETF) and its inverse, on 0...1.
    static func rec709(_ linear: Double) -> Double {
        let l = min(max(linear, 0), 1)
        return l < 0.018 ? 4.5 * l : 1.099 * pow(l, 0.45) - 0.099
    }

    static func rec709Inverse(_ value: Double) -> Double {
        let v = min(max(value, 0), 1)
        return v < 0.081 ? v / 4.5 : pow((v + 0.099) / 1.099, 1 / 0.45)
    }
}
