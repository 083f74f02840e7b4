extension HDRGainMapProbe {
    /// The largest XMP or `tmap` item read.
    static let smallItemLimit: Int64 = 1 << 20

    /// The gain map of a HEIF still (an Apple auxiliary image, an ISO 21496-1 `tmap` item), or
    /// nil when it has none.
    public static func probe(heif file: RandomAccessFile, makerNote: MakerNoteHeadroom?) throws -> Found? {
        let boxes = try TopLevelBox.scan(file)
        let meta = try HEIFItems.metaBox(file: file, boxes: boxes)
        let items = try HEIFItems(file: file, meta: meta)
        let graph = try items.graph ?? MediaError.naming(file.path) { try HEIFItemGraph(meta: meta) }
        var found = Found(report: HDRGainMapReport())
        if let map = graph.items.first(where: { graph.auxiliaryType(of: $0.id) == AppleHDRHeadroom.auxiliaryType }) {
            found.heifMapItem = map.id
            fillApple(&found.report, map: map, graph: graph, items: items, file: file, makerNote: makerNote)
        }
        if let tmap = graph.items.first(where: { $0.type == "tmap" }) {
            fillToneMap(&found.report, tmap: tmap.id, graph: graph, items: items, file: file)
        }
        return found.report.forms.isEmpty ? nil : found
    }

    /// Apple's map: its size and channels, its XMP (an item that describes it, `cdsc`), its headroom.
    private static func fillApple(
        _ report: inout HDRGainMapReport, map: HEIFItemGraph.Info, graph: HEIFItemGraph, items: HEIFItems,
        file: RandomAccessFile, makerNote: MakerNoteHeadroom?
    ) {
        report.forms.append(.apple)
        setSize(&report, of: map.id, graph: graph)
        if !graph.items(referring: "auxl", to: graph.primary).contains(map.id) {
            report.warnings.append("the gain map item \(map.id) is not an auxiliary image (auxl) of the primary item \(graph.primary)")
        }
        var xmp: GainMapXMP.Properties?
        for id in graph.references.filter({ $0.type == "cdsc" && $0.to.contains(map.id) }).map(\.from) {
            guard let item = items.items.first(where: { $0.id == id }), item.type == "mime",
                let bytes = try? items.data(of: item, in: file, limit: smallItemLimit)
            else { continue }
            xmp = GainMapXMP.properties(bytes)
            if xmp != nil { break }
        }
        let primaryXMP = items.xmpItem.flatMap { try? items.data(of: $0, in: file, limit: smallItemLimit) }.flatMap(GainMapXMP.properties)
        let version = xmp?.appleVersion ?? primaryXMP?.appleVersion
        report.appleVersion = version.map(versionText)
        if version == nil { report.warnings.append("the gain map has no HDRGainMap:HDRGainMapVersion XMP") }
        setAppleHeadroom(&report, xmp: xmp?.appleHeadroom ?? primaryXMP?.appleHeadroom, makerNote: makerNote)
    }

    /// An ISO 21496-1 `tmap` item: its metadata (a version byte, then the JPEG APP2 payload's
    /// fields) and its gain map input (the second `dimg` reference).
    private static func fillToneMap(_ report: inout HDRGainMapReport, tmap: UInt32, graph: HEIFItemGraph, items: HEIFItems, file: RandomAccessFile) {
        let inputs = graph.references.first { $0.type == "dimg" && $0.from == tmap }?.to ?? []
        if report.mapWidth == nil, inputs.count == 2 { setSize(&report, of: inputs[1], graph: graph) }
        if inputs.count != 2 { report.warnings.append("the tmap item \(tmap) has \(inputs.count) inputs, not a base image and a gain map") }
        guard let item = items.items.first(where: { $0.id == tmap }) else { return }
        do {
            let bytes = try items.data(of: item, in: file, limit: smallItemLimit)
            guard bytes.first == 0 else { throw MediaError(.unsupported, "tmap item version \(bytes.first.map(String.init) ?? "missing")") }
            fillISO(&report, bytes.dropFirst())
        } catch {
            report.forms.append(.iso21496)
            report.warnings.append("ISO 21496-1 metadata: \(describe(error))")
        }
    }

    /// The map's size from its `ispe`, channels from its `pixi`; a warning without `ispe`.
    private static func setSize(_ report: inout HDRGainMapReport, of item: UInt32, graph: HEIFItemGraph) {
        guard let size = graph.size(of: item), size.width > 0, size.height > 0 else {
            report.warnings.append("the gain map item \(item) has no image size (ispe)")
            return
        }
        (report.mapWidth, report.mapHeight) = (size.width, size.height)
        if let pixi = graph.properties(of: item).first(where: { $0.type == "pixi" }), pixi.payload.count >= 5 {
            report.mapChannels = Int(pixi.payload[4])
        }
    }
}
