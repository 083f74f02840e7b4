/// Writes Apple's gain map into a HEIC that libheif wrote (libheif 1.15 cannot add an auxiliary
/// image): the map is encoded alone as a monochrome HEVC image, and its decoder configuration
/// (`hvcC`), size (`ispe`), channels (`pixi`) and coded data move into the still as a hidden
/// `hvc1` item with an `auxC` property of type `urn:com:apple:photo:2020:aux:hdrgainmap`, an
/// `auxl` reference to the primary image, and an XMP item describing it (`cdsc`) that holds
/// `HDRGainMap:HDRGainMapVersion` (and, for version 2, `HDRGainMapHeadroom`), as iPhones write it.
public enum HEIFGainMapWriter {
    /// `heic` with `map` added as its gain map.
    /// - Throws: ``MediaError`` when the map cannot be encoded or `heic` cannot be edited.
    /// - Parameters:
    ///   - exif: EXIF to write in place of the still's (a headroom brought up to date).
    ///   - settings: The encoder's quality; the map is coded with x265's fastest preset (a map is
    ///     smooth, and its coding must not cost what the picture's does).
    public static func attach(
        _ map: GainMap, appleVersion: Int, to heic: [UInt8], exif: ExifMetadata? = nil, settings: HEICEncoder.Settings = .init()
    ) throws -> [UInt8] {
        guard case .apple(let headroom) = map.encoding else {
            throw MediaError(.unsupported, "only an Apple gain map is written into a HEIC")
        }
        // libheif codes an odd size as a padded grid, not one image: an odd map is scaled to even.
        let (width, height) = (map.image.width + map.image.width % 2, map.image.height + map.image.height % 2)
        let image = map.image.areaScaled(width: width, height: height)
        let coded = try codedImage(try HEICEncoder.encodeGrey(image, settings: .init(quality: settings.quality, preset: "ultrafast")))
        var editor = try HEIFMetadataEditor(bytes: heic)
        if let exif { try editor.setExif(try exif.serialized()) }
        let auxC = Box("auxC", version: 0, flags: 0, body: Array(AppleHDRHeadroom.auxiliaryType.utf8) + [0])
        let id = try editor.addImage("hvc1", properties: coded.properties + [auxC], data: coded.data, hidden: true)
        editor.addReference("auxl", from: id, to: editor.primaryID)
        let packet = try XMPPacket()
        try packet.set(.appleGainMap, "HDRGainMapVersion", String(appleVersion))
        if appleVersion >= 2 << 16 { try packet.set(.appleGainMap, "HDRGainMapHeadroom", String(headroom)) }
        let xmp = editor.addItem("mime", contentType: HEIFMetadataEditor.xmpContentType)
        editor.addReference("cdsc", from: xmp, to: id)
        editor.replacements[xmp] = try packet.serialized()
        return try editor.serialized()
    }

    /// The primary image of a HEIC libheif wrote: its `hvcC`, `ispe` and `pixi` properties (a
    /// `pixi` of one 8-bit channel when it has none) and its coded bytes.
    static func codedImage(_ bytes: [UInt8]) throws -> (properties: [Box], data: [UInt8]) {
        let parsed = try HEIFMetadataEditor(bytes: bytes)
        let graph = try HEIFItemGraph(meta: parsed.meta)
        let properties = graph.properties(of: graph.primary)
        guard let hvcC = properties.first(where: { $0.type == "hvcC" }), let ispe = properties.first(where: { $0.type == "ispe" }) else {
            throw MediaError(.encodingFailed, "libheif wrote a gain map without hvcC or ispe")
        }
        let pixi = properties.first { $0.type == "pixi" } ?? Box("pixi", version: 0, flags: 0, body: [1, 8])
        guard let data = try parsed.itemData(graph.primary) else { throw MediaError(.encodingFailed, "libheif wrote a gain map without data") }
        return ([hvcC, ispe, pixi], data)
    }
}
