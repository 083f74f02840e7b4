#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The parameters of a log-gain map (Ultra HDR's `hdrgm` XMP, ISO 21496-1), as the formats state
/// them: gains and capacities in log2 units, one value for all channels or one per channel (R, G, B).
///
/// With a base SDR picture, per channel: `G' = G^(1/gamma)` recovers the encoded value,
/// `log2gain = GainMapMin + G' (GainMapMax - GainMapMin)`, and the HDR value at full weight is
/// `(SDR + OffsetSDR) 2^log2gain - OffsetHDR`; a display with headroom `H` applies the weight
/// `clamp((log2 H - HDRCapacityMin) / (HDRCapacityMax - HDRCapacityMin), 0, 1)`.
public struct GainMapParameters: Sendable, Codable, Equatable {
    public var gainMapMin: [Double]
    public var gainMapMax: [Double]
    public var gamma: [Double]
    public var offsetSDR: [Double]
    public var offsetHDR: [Double]
    /// log2 of the display headroom where the map starts to apply (ISO: the base rendition's headroom).
    public var hdrCapacityMin: Double
    /// log2 of the display headroom where it applies fully (ISO: the alternate rendition's headroom).
    public var hdrCapacityMax: Double
    /// Whether the base picture is the HDR rendition (the map then darkens it for SDR screens).
    public var baseRenditionIsHDR: Bool

    public init(
        gainMapMin: [Double], gainMapMax: [Double], gamma: [Double] = [1], offsetSDR: [Double] = [1.0 / 64],
        offsetHDR: [Double] = [1.0 / 64], hdrCapacityMin: Double = 0, hdrCapacityMax: Double, baseRenditionIsHDR: Bool = false
    ) {
        self.gainMapMin = gainMapMin
        self.gainMapMax = gainMapMax
        self.gamma = gamma
        self.offsetSDR = offsetSDR
        self.offsetHDR = offsetHDR
        self.hdrCapacityMin = hdrCapacityMin
        self.hdrCapacityMax = hdrCapacityMax
        self.baseRenditionIsHDR = baseRenditionIsHDR
    }

    /// The headroom (linear, 1 = none) at which the map applies fully.
    public var headroom: Double { pow(2, hdrCapacityMax) }

    /// Whether every per-channel list has 1 or 3 values, every value is finite, every gamma is
    /// positive and each minimum is at most its maximum: a map whose parameters a viewer can apply.
    public var problem: String? {
        let lists = [gainMapMin, gainMapMax, gamma, offsetSDR, offsetHDR]
        guard lists.allSatisfy({ $0.count == 1 || $0.count == 3 }) else { return "a per-channel value has neither 1 nor 3 entries" }
        guard (lists.joined() + [hdrCapacityMin, hdrCapacityMax]).allSatisfy(\.isFinite) else { return "a value is not a finite number" }
        guard gamma.allSatisfy({ $0 > 0 }) else { return "a gamma is not positive" }
        guard zip(Self.expanded(gainMapMin), Self.expanded(gainMapMax)).allSatisfy({ $0 <= $1 }) else {
            return "GainMapMin is above GainMapMax"
        }
        return nil
    }

    /// A per-channel list as three values.
    public static func expanded(_ values: [Double]) -> [Double] { values.count == 1 ? Array(repeating: values[0], count: 3) : values }
}
