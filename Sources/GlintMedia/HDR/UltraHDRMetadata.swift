/// Ultra HDR's XMP, written through Exempi: the `hdrgm` parameters on the gain map image, and the
/// primary image's `hdrgm:Version` and Container directory (Ultra HDR Image Format v1.1).
enum UltraHDRMetadata {
    /// `parameters` as `hdrgm` properties: one value each, or three (R, G, B) for a colour map's.
    static func properties(_ parameters: GainMapParameters) -> [(String, [String])] {
        func values(_ list: [Double]) -> [String] { list.map { String($0) } }
        return [
            ("hdrgm:Version", ["1.0"]), ("hdrgm:GainMapMin", values(parameters.gainMapMin)),
            ("hdrgm:GainMapMax", values(parameters.gainMapMax)), ("hdrgm:Gamma", values(parameters.gamma)),
            ("hdrgm:OffsetSDR", values(parameters.offsetSDR)), ("hdrgm:OffsetHDR", values(parameters.offsetHDR)),
            ("hdrgm:HDRCapacityMin", [String(parameters.hdrCapacityMin)]), ("hdrgm:HDRCapacityMax", [String(parameters.hdrCapacityMax)]),
            ("hdrgm:BaseRenditionIsHDR", [parameters.baseRenditionIsHDR ? "True" : "False"]),
        ]
    }

    /// A gain map image's XMP packet: `properties` (prefixed names of the `hdrgm`, `HDRGainMap`
    /// and `apdi` namespaces; values numbers or URNs, which need no escaping) as attributes of
    /// one `rdf:Description`, as libultrahdr and iPhones write it, and a property of three values
    /// as an `rdf:Seq` element. Written as text: the map's packet holds nothing else, and Exempi's
    /// set-up is the dearest part of writing it.
    static func packet(_ properties: [(String, [String])]) -> [UInt8] {
        let namespaces = [XMPNamespace.hdrGainMap, .appleGainMap, .applePixelData]
            .filter { namespace in properties.contains { $0.0.hasPrefix(namespace.prefix + ":") } }
            .map { "xmlns:\($0.prefix)=\"\($0.uri)\"" }
        let attributes = properties.filter { $0.1.count == 1 }.map { "\($0.0)=\"\($0.1[0])\"" }
        let lists = properties.filter { $0.1.count != 1 }.map { name, values in
            "<\(name)><rdf:Seq>" + values.map { "<rdf:li>\($0)</rdf:li>" }.joined() + "</rdf:Seq></\(name)>"
        }
        let description =
            "<rdf:Description rdf:about=\"\" \((namespaces + attributes).joined(separator: " "))"
            + (lists.isEmpty ? "/>" : ">" + lists.joined() + "</rdf:Description>")
        let text = """
            <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            \(description)
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
        var items = [ContainerItem(mime: "image/jpeg", semantic: "Primary", length: nil, padding: nil)]
        items.append(ContainerItem(mime: "image/jpeg", semantic: ContainerItem.gainMapSemantic, length: mapLength, padding: nil))
        if let motion { items.append(motion) }
        try MotionPhotoMetadata.writeDirectory(items, into: packet)
    }
}
