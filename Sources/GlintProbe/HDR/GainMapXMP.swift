/// The gain map properties of XMP packets: Ultra HDR's `hdrgm` namespace and Apple's
/// `HDRGainMap` and `apdi` ones, read with ``XMPPropertyScan``.
public enum GainMapXMP {
    public static let hdrgm = "http://ns.adobe.com/hdr-gain-map/1.0/"
    public static let apple = "http://ns.apple.com/HDRGainMap/1.0/"
    public static let pixelDataInfo = "http://ns.apple.com/pixeldatainfo/1.0/"

    /// The gain map properties of one packet.
    public struct Properties: Sendable, Equatable {
        /// `hdrgm:Version`, when the packet has one.
        public var ultraHDRVersion: String?
        /// The `hdrgm` parameters; nil when absent or malformed (see ``ultraHDRProblem``).
        public var ultraHDR: GainMapParameters?
        /// Why `hdrgm` parameters that are present cannot be used.
        public var ultraHDRProblem: String?
        /// `HDRGainMap:HDRGainMapVersion`.
        public var appleVersion: Int?
        /// `HDRGainMap:HDRGainMapHeadroom` (version 2).
        public var appleHeadroom: Double?
        /// `apdi:AuxiliaryImageType` (an Apple JPEG's gain map image names itself with it).
        public var auxiliaryType: String?
    }

    /// The properties of `packet`; nil for a packet over a cap or malformed.
    public static func properties(_ packet: [UInt8]) -> Properties? {
        guard let values = XMPPropertyScan.properties(packet, namespaces: [hdrgm, apple, pixelDataInfo]) else { return nil }
        func first(_ namespace: String, _ name: String) -> String? { values[.init(namespace, name)]?.first }
        var result = Properties()
        result.appleVersion = first(apple, "HDRGainMapVersion").flatMap { Int($0) }
        result.appleHeadroom = first(apple, "HDRGainMapHeadroom").flatMap { Double($0) }
        result.auxiliaryType = first(pixelDataInfo, "AuxiliaryImageType")
        result.ultraHDRVersion = first(hdrgm, "Version")
        if result.ultraHDRVersion != nil || values.keys.contains(where: { $0.namespace == hdrgm }) {
            do {
                result.ultraHDR = try ultraHDRParameters(values)
            } catch {
                result.ultraHDRProblem = error.description
            }
        }
        return result
    }

    /// `hdrgm` values that are not all there or not numbers.
    struct Problem: Error, CustomStringConvertible { var description: String }

    /// The parameters, with the format's defaults for those not stated (`GainMapMin` 0, `Gamma` 1,
    /// offsets 1/64, `HDRCapacityMin` 0, `BaseRenditionIsHDR` false); `GainMapMax` and
    /// `HDRCapacityMax` must be present.
    static func ultraHDRParameters(_ values: [XMPPropertyScan.Key: [String]]) throws(Problem) -> GainMapParameters {
        func numbers(_ name: String, default fallback: Double?) throws(Problem) -> [Double] {
            guard let texts = values[.init(hdrgm, name)] else {
                guard let fallback else { throw Problem(description: "hdrgm:\(name) is missing") }
                return [fallback]
            }
            var result: [Double] = []
            for text in texts {
                guard let value = Double(text) else { throw Problem(description: "hdrgm:\(name) is not a number: \(text.prefix(32))") }
                result.append(value)
            }
            return result
        }
        let parameters = GainMapParameters(
            gainMapMin: try numbers("GainMapMin", default: 0), gainMapMax: try numbers("GainMapMax", default: nil),
            gamma: try numbers("Gamma", default: 1), offsetSDR: try numbers("OffsetSDR", default: 1.0 / 64),
            offsetHDR: try numbers("OffsetHDR", default: 1.0 / 64), hdrCapacityMin: try numbers("HDRCapacityMin", default: 0)[0],
            hdrCapacityMax: try numbers("HDRCapacityMax", default: nil)[0],
            baseRenditionIsHDR: values[.init(hdrgm, "BaseRenditionIsHDR")]?.first?.lowercased() == "true")
        if let problem = parameters.problem { throw Problem(description: "hdrgm: " + problem) }
        return parameters
    }
}
