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

    /// Writes the primary's `hdrgm:Version` and a directory of the Primary and the GainMap,
    /// followed by the MotionPhoto item of the directory it replaces, if it had one (the video
    /// comes after the map).
    static func writeDirectory(into packet: XMPPacket, mapLength: Int64) throws {
        let motion = MotionPhotoMetadata(packet).directory.first { $0.semantic == ContainerItem.motionPhotoSemantic }
        try packet.set(.hdrGainMap, "Version", "1.0")
        packet.remove(.container, "Directory")
        try packet.setOrderedArray(.container, "Directory")
        var items = [ContainerItem(mime: "image/jpeg", semantic: "Primary", length: nil, padding: nil)]
        items.append(ContainerItem(mime: "image/jpeg", semantic: ContainerItem.gainMapSemantic, length: mapLength, padding: nil))
        if let motion { items.append(motion) }
        for (index, entry) in items.enumerated() {
            let item = "Directory[\(index + 1)]/Container:Item/Item:"
            if let semantic = entry.semantic { try packet.set(.container, item + "Semantic", semantic) }
            if let mime = entry.mime { try packet.set(.container, item + "Mime", mime) }
            if let length = entry.length { try packet.set(.container, item + "Length", String(length)) }
            if let padding = entry.padding { try packet.set(.container, item + "Padding", String(padding)) }
        }
    }
}
