/// Rewrites the metadata items of a HEIF file (its XMP packet and EXIF block) without touching
/// the coded images: the new item data goes into an `mdat` box right after `meta` (not `idat`,
/// which ExifTool does not read XMP from), the `iloc` table is rewritten, and the file offsets of
/// everything after `meta` are moved by the bytes inserted. The top-level `mpvd` and `sefd`
/// boxes of a Motion Photo (its video, Samsung's trailer), wherever they lie, are dropped, so new
/// ones can be appended, and so is any `mdat`
/// that no item uses any more (the data of an earlier edit), so editing again does not grow
/// the file.
public struct HEIFMetadataEditor {
    /// The MIME type of XMP items.
    public static let xmpContentType = "application/rdf+xml"
    /// The top-level boxes of a Motion Photo that end a HEIF file and are dropped.
    static let motionPhotoBoxTypes: Set<FourCC> = ["mpvd", "sefd"]

    struct Info {
        var id: UInt32
        var type: FourCC
        var contentType: String?
    }

    let bytes: [UInt8]
    let boxes: [(type: FourCC, range: Range<Int>)]
    private let metaRange: Range<Int>
    var meta: Box
    var infos: [Info]
    var locations: HEIFItemLocations
    let primaryID: UInt32
    var replacements: [UInt32: [UInt8]] = [:]
    /// Whether the file holds a Motion Photo's `mpvd` or `sefd` box (which ``serialized()`` drops).
    public let hasMotionPhotoBoxes: Bool
    /// The Motion Photo's boxes (type, where they lie, header size), in file order.
    let motionPhotoBoxes: [(type: FourCC, range: Range<Int>, header: Int)]

    /// Parses the structure of a HEIF file held in memory.
    /// - Throws: ``MediaError`` `.corrupt` for a file without a readable `meta` box.
    public init(bytes: [UInt8]) throws {
        self.bytes = bytes
        var boxes: [(type: FourCC, range: Range<Int>, header: Int)] = []
        var offset = 0
        while offset < bytes.count {
            guard bytes.count - offset >= 8 else { throw MediaError(.truncated, "HEIF file ends inside a box header") }
            var r = ByteReader(bytes[offset..<min(bytes.count, offset + 16)], context: "box header")
            var size = Int(try r.readUInt32())
            let type = try r.readFourCC()
            var header = 8
            if size == 1 {
                size = Int(clamping: try r.readUInt64())
                header = 16
            } else if size == 0 {
                size = bytes.count - offset
            }
            guard size >= header, size <= bytes.count - offset else {
                throw MediaError(.truncated, "HEIF box '\(type)' at offset \(offset) runs past the end of the file")
            }
            boxes.append((type, offset..<(offset + size), header))
            offset += size
        }
        guard let metaBox = boxes.first(where: { $0.type == "meta" }) else { throw MediaError(.corrupt, "HEIF file has no meta box") }
        metaRange = metaBox.range
        // A Motion Photo's boxes: its `mpvd` video, and Samsung's `sefd` trailer after it (One UI
        // 6) or alone (the versionless form). A phone writes them last; a tool that rewrote the
        // file may have put its `mdat` after them (ExifTool does). They are dropped.
        let kept = boxes.filter { !Self.motionPhotoBoxTypes.contains($0.type) }
        self.boxes = kept.map { ($0.type, $0.range) }
        motionPhotoBoxes = boxes.filter { Self.motionPhotoBoxTypes.contains($0.type) }
        hasMotionPhotoBoxes = !motionPhotoBoxes.isEmpty
        meta = try BoxParser.parseBox(
            type: "meta", payload: bytes[(metaRange.lowerBound + metaBox.header)..<metaRange.upperBound],
            context: "meta", parentType: nil, depth: 0)
        guard let iloc = meta.child("iloc"), let iinf = meta.child("iinf"), let pitm = meta.child("pitm") else {
            throw MediaError(.corrupt, "HEIF meta box lacks pitm, iinf or iloc")
        }
        locations = try HEIFItemLocations(iloc.payload)
        infos = try HEIFItems.infos(iinf).map { Info(id: $0.id, type: $0.type, contentType: $0.contentType) }
        var p = ByteReader(pitm.payload, context: "pitm box")
        let pitmVersion = try p.readUInt8()
        try p.skip(3)
        primaryID = pitmVersion == 0 ? UInt32(try p.readUInt16()) : try p.readUInt32()
    }

    /// The current XMP packet, if any.
    public func xmp() throws -> [UInt8]? {
        guard let info = primaryXMP else { return nil }
        return try data(of: info.id)
    }

    /// The current EXIF block (the TIFF structure), if any.
    public func exif() throws -> [UInt8]? {
        guard let info = infos.first(where: { $0.type == "Exif" }), let item = try data(of: info.id) else { return nil }
        guard item.count >= 4 else { throw MediaError(.truncated, "HEIF Exif item is too short") }
        let skip = item[0..<4].reduce(0) { $0 << 8 | Int($1) }
        guard skip <= item.count - 4 else { throw MediaError(.corrupt, "HEIF Exif item's TIFF offset points past its end") }
        return Array(item[(4 + skip)...])
    }

    /// The XMP item of the primary image: the first that describes it (`cdsc`), or the first
    /// that describes nothing else (an XMP item of a gain map describes the map).
    private var primaryXMP: Info? {
        let graph = try? HEIFItemGraph(meta: meta)
        return infos.first { info in
            info.type == "mime" && info.contentType?.hasPrefix(Self.xmpContentType) == true
                && graph?.describesPrimaryOrNothing(info.id) != false
        }
    }

    /// Replaces the XMP item's data, or adds an XMP item describing the primary image.
    public mutating func setXMP(_ packet: [UInt8]) {
        if let info = primaryXMP {
            replace(info.id, with: packet)
            return
        }
        let id = addItem("mime", contentType: Self.xmpContentType)
        addDescriptionReference(from: id)
        replacements[id] = packet
    }

    /// Adds an item: its `infe` entry (flag 1 when `hidden`) and an empty `iloc` entry (data
    /// placed by ``serialized()`` when ``replacements`` holds some). Returns its id.
    mutating func addItem(_ type: FourCC, hidden: Bool = false, contentType: String? = nil) -> UInt32 {
        // Unused by any item entry and any location: an `iloc` entry left for an item whose `infe`
        // is not read (a damaged one) would otherwise give the new item that entry's data.
        let id = Self.unusedItemID(infos.map(\.id) + locations.locations.map(\.itemID))
        infos.append(Info(id: id, type: type, contentType: contentType))
        var infe = ByteWriter()
        if id <= UInt32(UInt16.max) { infe.write(UInt16(id)) } else { infe.write(id) }
        infe.write(UInt16(0))
        infe.write(type)
        infe.write(UInt8(0))  // empty item name
        if let contentType { infe.write(bytes: Array(contentType.utf8) + [0]) }
        let infeBox = Box("infe", version: id <= UInt32(UInt16.max) ? 2 : 3, flags: hidden ? 1 : 0, body: infe.bytes)
        meta.modify(["iinf"]) { $0.payload = Self.appendingEntry(infeBox, to: $0.payload) }
        locations.locations.append(.init(itemID: id, constructionMethod: 0, dataReferenceIndex: 0, extents: []))
        return id
    }

    /// One past the largest item ID, or the smallest unused one near 2^32: the rule a new track
    /// of a movie follows (``NewTrackID``).
    static func unusedItemID(_ used: [UInt32]) -> UInt32 {
        NewTrackID(after: used).trackID
    }

    /// Replaces the EXIF item's TIFF structure (the item keeps the usual `Exif\0\0` prefix).
    /// - Throws: ``MediaError`` `.unsupported` when the file has no EXIF item.
    public mutating func setExif(_ tiff: [UInt8]) throws {
        guard let info = infos.first(where: { $0.type == "Exif" }) else { throw MediaError(.unsupported, "HEIF file has no Exif item to replace") }
        replace(info.id, with: [0, 0, 0, 6] + ExifMetadata.app1Header + tiff)
    }

    /// Gives item `id` new data, and an `iloc` entry when it has none (its data would be lost).
    private mutating func replace(_ id: UInt32, with data: [UInt8]) {
        if !locations.locations.contains(where: { $0.itemID == id }) {
            locations.locations.append(.init(itemID: id, constructionMethod: 0, dataReferenceIndex: 0, extents: []))
        }
        replacements[id] = data
    }

    /// The file with the edits applied and without a trailing `mpvd` box.
    public func serialized() throws -> [UInt8] {
        let (dataBox, placed) = mediaDataBox(for: try relocatedItemData())
        // Top-level boxes kept: all but media data boxes no remaining item points into.
        let used = locations.locations.filter { $0.constructionMethod == 0 && placed[$0.itemID] == nil }.flatMap(\.extents)
        let kept = boxes.filter { box in
            box.type != "mdat"
                || used.contains { Int(clamping: $0.offset) < box.range.upperBound && Self.end(of: $0) > box.range.lowerBound }
        }
        let newMeta = try settledMeta(kept: kept, dataBoxSize: dataBox.count, placed: placed)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + dataBox.count)
        for box in kept {
            if box.range == metaRange {
                var w = ByteWriter()
                newMeta.write(to: &w)
                output += w.bytes
                output += dataBox
            } else {
                output += bytes[box.range]
            }
        }
        return output
    }

    /// The data of every item that goes into the new `mdat`: the replaced items, and the
    /// metadata items alone in an `mdat` (an earlier edit's), which move with the new data so
    /// that box goes.
    private func relocatedItemData() throws -> [UInt32: [UInt8]] {
        var replacements = self.replacements
        let metadataIDs = Set(infos.filter { $0.type == "Exif" || $0.type == "mime" }.map(\.id))
        for box in boxes where box.type == "mdat" {
            let users = locations.locations.filter { location in
                location.constructionMethod == 0
                    && location.extents.contains {
                        Int(clamping: $0.offset) < box.range.upperBound && Self.end(of: $0) > box.range.lowerBound
                    }
            }
            guard !users.isEmpty, users.allSatisfy({ metadataIDs.contains($0.itemID) }) else { continue }
            for user in users where replacements[user.itemID] == nil { replacements[user.itemID] = try data(of: user.itemID) }
        }
        // Data inside the meta box itself (in a box nested there, not `idat`) would be left behind
        // by the rewritten box's new layout: it moves into the new mdat too (unless it cannot be
        // read, as it could not before).
        for location in locations.locations where location.constructionMethod == 0 && replacements[location.itemID] == nil {
            let insideMeta = location.extents.contains {
                Int(clamping: $0.offset) < metaRange.upperBound && Self.end(of: $0) > metaRange.lowerBound
            }
            if insideMeta, let data = try? data(of: location.itemID) { replacements[location.itemID] = data }
        }
        return replacements
    }

    /// The `mdat` box holding `items` in `iloc` order (empty when there are none), and where each
    /// item's data lies in the box's payload.
    private func mediaDataBox(for items: [UInt32: [UInt8]]) -> (box: [UInt8], placed: [UInt32: (offset: Int, length: Int)]) {
        var data: [UInt8] = []
        var placed: [UInt32: (offset: Int, length: Int)] = [:]
        for location in locations.locations {
            guard let bytes = items[location.itemID] else { continue }
            placed[location.itemID] = (data.count, bytes.count)
            data += bytes
        }
        guard !data.isEmpty else { return ([], placed) }
        var w = ByteWriter()
        w.write(UInt32(data.count + 8))
        w.write(FourCC("mdat"))
        w.write(bytes: data)
        return (w.bytes, placed)
    }

    /// The new `meta` box, its `iloc` pointing at the items' new places. Its size depends on the
    /// offsets only through the width of the `iloc` fields: place everything until it settles.
    /// - Throws: ``MediaError`` `.writeFailed` when the size does not settle.
    private func settledMeta(
        kept: [(type: FourCC, range: Range<Int>)], dataBoxSize: Int,
        placed: [UInt32: (offset: Int, length: Int)]
    ) throws -> Box {
        var metaSize = metaRange.count
        var newMeta = meta
        for _ in 0..<4 {
            var starts: [Int] = []
            var position = 0
            for box in kept {
                starts.append(position)
                position += box.range == metaRange ? metaSize + dataBoxSize : box.range.count
            }
            let dataStart = starts[kept.firstIndex { $0.range == metaRange }!] + metaSize + 8
            let locations = relocatedLocations(kept: kept, starts: starts, dataStart: dataStart, placed: placed)
            // What this editor writes, its parser must read again (a placed item may gain an extent).
            guard locations.locations.reduce(0, { $0 + $1.extents.count }) <= HEIFItemLocations.extentLimit else {
                throw MediaError(.tooLarge, "HEIF items would list more than \(HEIFItemLocations.extentLimit) extents")
            }
            newMeta = meta
            newMeta.setChild(locations.makeBox())
            if newMeta.serializedSize == metaSize { break }
            metaSize = newMeta.serializedSize
        }
        guard newMeta.serializedSize == metaSize else { throw MediaError(.writeFailed, "HEIF meta box layout does not settle") }
        return newMeta
    }

    /// The item locations once the `kept` boxes start at `starts` and the new `mdat`'s payload
    /// at `dataStart`: the `placed` items in the new `mdat`, the others' offsets moved with
    /// their boxes.
    private func relocatedLocations(
        kept: [(type: FourCC, range: Range<Int>)], starts: [Int], dataStart: Int,
        placed: [UInt32: (offset: Int, length: Int)]
    ) -> HEIFItemLocations {
        func moved(_ offset: UInt64) -> UInt64 {
            guard let index = kept.firstIndex(where: { $0.range.contains(Int(clamping: offset)) }) else { return offset }
            return UInt64(starts[index] + Int(offset) - kept[index].range.lowerBound)
        }
        var edited = locations
        // An index size iloc cannot store (read only where no extent has an index) is dropped:
        // the extents written here have none.
        if ![0, 4, 8].contains(edited.indexSize) { edited.indexSize = 0 }
        for i in edited.locations.indices {
            let id = edited.locations[i].itemID
            if let slot = placed[id] {
                // Empty data has no extent: the new `mdat` may not be written at all (nothing
                // else went in), and a length of 0 would mean "to the end of the file".
                let extents = slot.length == 0 ? [] : [HEIFItemLocations.Extent(index: 0, offset: UInt64(dataStart + slot.offset), length: UInt64(slot.length))]
                edited.locations[i] = .init(itemID: id, constructionMethod: 0, dataReferenceIndex: 0, extents: extents)
            } else if edited.locations[i].constructionMethod == 0 {
                for j in edited.locations[i].extents.indices {
                    edited.locations[i].extents[j].offset = moved(edited.locations[i].extents[j].offset)
                }
            }
        }
        return edited
    }

    /// The bytes of item `id` (nil when it has no location).
    func itemData(_ id: UInt32) throws -> [UInt8]? { try data(of: id) }

    private func data(of id: UInt32) throws -> [UInt8]? {
        if let replaced = replacements[id] { return replaced }
        guard let location = locations.locations.first(where: { $0.itemID == id }) else { return nil }
        let source: [UInt8] = location.constructionMethod == 1 ? (meta.child("idat")?.payload ?? []) : bytes
        guard location.constructionMethod <= 1 else { throw MediaError(.unsupported, "HEIF item \(id) is built from other items") }
        var data: [UInt8] = []
        for extent in location.extents {
            let start = Int(clamping: extent.offset)
            let end = Self.end(of: extent)
            guard end <= source.count, start <= end else { throw MediaError(.truncated, "HEIF item \(id) points past the end of its data") }
            data += source[start..<end]
        }
        return data
    }

    /// Where `extent` ends in the file (or `idat`); `Int.max` for an end no file reaches.
    static func end(of extent: HEIFItemLocations.Extent) -> Int {
        let (end, overflow) = Int(clamping: extent.offset).addingReportingOverflow(Int(clamping: extent.length))
        return overflow ? Int.max : end
    }

    /// Adds a `cdsc` (content describes) reference from `id` to the primary image.
    private mutating func addDescriptionReference(from id: UInt32) {
        addReference("cdsc", from: id, to: primaryID)
    }

    /// Adds a reference of `type` from item `id` to item `target` (the `iref` box keeps its
    /// version; ids it cannot hold are written truncated only where it has version 0 already).
    mutating func addReference(_ type: FourCC, from id: UInt32, to target: UInt32) {
        var iref = meta.child("iref") ?? Box("iref", version: 0, flags: 0, body: [])
        let version = iref.payload.first ?? 0
        var entry = ByteWriter()
        entry.write(type)
        if version == 0 {
            entry.write(UInt16(truncatingIfNeeded: id))
            entry.write(UInt16(1))
            entry.write(UInt16(truncatingIfNeeded: target))
        } else {
            entry.write(id)
            entry.write(UInt16(1))
            entry.write(target)
        }
        var sized = ByteWriter()
        sized.write(UInt32(entry.count + 4))
        sized.write(bytes: entry.bytes)
        iref.payload += sized.bytes
        meta.setChild(iref)
    }

    /// An `iinf` payload with one more entry (its count bumped).
    static func appendingEntry(_ infe: Box, to payload: [UInt8]) -> [UInt8] {
        var bytes = payload
        let version = bytes.first ?? 0
        if version == 0, bytes.count >= 6 {
            let count = (UInt16(bytes[4]) << 8 | UInt16(bytes[5])) &+ 1
            bytes[4] = UInt8(count >> 8)
            bytes[5] = UInt8(count & 0xFF)
        } else if bytes.count >= 8 {
            let count = bytes[4..<8].reduce(UInt32(0)) { $0 << 8 | UInt32($1) } &+ 1
            for i in 0..<4 { bytes[4 + i] = UInt8((count >> UInt32(24 - 8 * i)) & 0xFF) }
        }
        // The entries are written again with their sizes: a last one of size 0 ("to the end of
        // iinf") would take the new entry in.
        let headerLength = version == 0 ? 6 : 8
        guard let entries = try? BoxParser.parseBoxes(bytes.dropFirst(headerLength), context: "iinf") else { return bytes + infe.serialized }
        var w = ByteWriter()
        w.write(bytes: bytes.prefix(headerLength))
        for entry in entries + [infe] { entry.write(to: &w) }
        return w.bytes
    }
}
