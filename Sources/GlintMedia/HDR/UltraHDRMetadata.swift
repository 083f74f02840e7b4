/// Ultra HDR's XMP, written through Exempi: the `hdrgm` parameters on the gain map image, and the
/// primary image's `hdrgm:Version` and Container directory (Ultra HDR Image Format v1.1).
enum UltraHDRMetadata {
    /// `parameters` as `hdrgm` properties (one value each: Glint writes grey maps' parameters).
    static func properties(_ parameters: GainMapParameters) -> [(String, String)] {
        [
            ("hdrgm:Version", "1.0"), ("hdrgm:GainMapMin", String(parameters.gainMapMin[0])),
            ("hdrgm:GainMapMax", String(parameters.gainMapMax[0])), ("hdrgm:Gamma", String(parameters.gamma[0])),
            ("hdrgm:OffsetSDR", String(parameters.offsetSDR[0])), ("hdrgm:OffsetHDR", String(parameters.offsetHDR[0])),
            ("hdrgm:HDRCapacityMin", String(parameters.hdrCapacityMin)), ("hdrgm:HDRCapacityMax", String(parameters.hdrCapacityMax)),
            ("hdrgm:BaseRenditionIsHDR", parameters.baseRenditionIsHDR ? "True" : "False"),
        ]
    }

    /// A gain map image's XMP packet: `properties` (prefixed names of the `hdrgm`, `HDRGainMap`
    /// and `apdi` namespaces; values numbers or URNs, which need no escaping) as attributes of
    /// one `rdf:Description`, as libultrahdr and iPhones write it. Written as text: the map's
    /// packet holds nothing else, and Exempi's set-up is the dearest part of writing it.
    static func packet(_ properties: [(String, String)]) -> [UInt8] {
        let namespaces = [XMPNamespace.hdrGainMap, .appleGainMap, .applePixelData]
            .filter { namespace in properties.contains { $0.0.hasPrefix(namespace.prefix + ":") } }
            .map { "xmlns:\($0.prefix)=\"\($0.uri)\"" }
        let attributes = properties.map { "\($0.0)=\"\($0.1)\"" }
        let text = """
            <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description rdf:about="" \((namespaces + attributes).joined(separator: " "))/>
            </rdf:RDF></x:xmpmeta>
            <?xpacket end="w"?>
            """
        return Array(text.utf8)
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
