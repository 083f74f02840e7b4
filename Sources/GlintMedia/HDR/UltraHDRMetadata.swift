/// Ultra HDR's XMP, written through Exempi: the `hdrgm` parameters on the gain map image, and the
/// primary image's `hdrgm:Version` and Container directory (Ultra HDR Image Format v1.1).
enum UltraHDRMetadata {
    /// Writes `parameters` as `hdrgm` properties (one value each: Glint writes grey maps' parameters).
    static func write(_ parameters: GainMapParameters, into packet: XMPPacket) throws {
        func text(_ value: Double) -> String { String(value) }
        try packet.set(.hdrGainMap, "Version", "1.0")
        try packet.set(.hdrGainMap, "GainMapMin", text(parameters.gainMapMin[0]))
        try packet.set(.hdrGainMap, "GainMapMax", text(parameters.gainMapMax[0]))
        try packet.set(.hdrGainMap, "Gamma", text(parameters.gamma[0]))
        try packet.set(.hdrGainMap, "OffsetSDR", text(parameters.offsetSDR[0]))
        try packet.set(.hdrGainMap, "OffsetHDR", text(parameters.offsetHDR[0]))
        try packet.set(.hdrGainMap, "HDRCapacityMin", text(parameters.hdrCapacityMin))
        try packet.set(.hdrGainMap, "HDRCapacityMax", text(parameters.hdrCapacityMax))
        try packet.set(.hdrGainMap, "BaseRenditionIsHDR", parameters.baseRenditionIsHDR ? "True" : "False")
    }

    /// Writes the primary's `hdrgm:Version` and a directory of the Primary and the GainMap, replacing any other.
    static func writeDirectory(into packet: XMPPacket, mapLength: Int64) throws {
        try packet.set(.hdrGainMap, "Version", "1.0")
        packet.remove(.container, "Directory")
        try packet.setOrderedArray(.container, "Directory")
        for (index, (semantic, length)) in [("Primary", Int64?.none), (ContainerItem.gainMapSemantic, mapLength)].enumerated() {
            let item = "Directory[\(index + 1)]/Container:Item/Item:"
            try packet.set(.container, item + "Semantic", semantic)
            try packet.set(.container, item + "Mime", "image/jpeg")
            if let length { try packet.set(.container, item + "Length", String(length)) }
        }
    }
}
