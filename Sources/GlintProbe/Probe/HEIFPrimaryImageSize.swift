/// The size of a HEIF file's primary image, from its `ispe` (image spatial extents) property: the
/// `meta` box's `pitm` names the primary item, `iprp/ipma` associates properties with it, and
/// `iprp/ipco` holds them. For a grid image (an iPhone's tiles), the grid item's own `ispe` is the
/// whole picture. Nothing but the `meta` box is read.
struct HEIFPrimaryImageSize {
    /// Width in pixels, before any `irot`/`imir` transform.
    let width: Int
    /// Height in pixels, before any `irot`/`imir` transform.
    let height: Int

    /// Reads the primary image's size from the top-level `meta` box of `file`.
    /// - Parameter metaLimit: The largest `meta` box read.
    /// - Throws: ``MediaError`` `.corrupt` when `meta`, `pitm`, `iprp` or the primary item's `ispe`
    ///   is missing or damaged, `.tooLarge` for a `meta` box over `metaLimit`.
    init(file: RandomAccessFile, boxes: [TopLevelBox], metaLimit: Int64 = HEIFItems.metaSizeLimit) throws {
        guard let metaBox = boxes.first(where: { $0.type == "meta" }) else { throw MediaError(.corrupt, "HEIF file has no top-level meta box") }
        guard metaBox.size <= metaLimit else {
            throw MediaError(.tooLarge, "HEIF meta box is \(metaBox.size) bytes, over the \(metaLimit)-byte limit")
        }
        let payload = try file.read(at: metaBox.payloadOffset, count: Int(metaBox.size) - metaBox.headerSize)
        let meta = try BoxParser.parseBox(type: "meta", payload: payload[...], context: "meta", parentType: nil, depth: 0)
        guard let pitm = meta.child("pitm") else { throw MediaError(.corrupt, "HEIF meta box has no primary item (pitm)") }
        guard let iprp = meta.child("iprp") else { throw MediaError(.corrupt, "HEIF meta box has no item properties (iprp)") }
        let primary = try Self.primaryItem(pitm)
        let iprpChildren = try BoxParser.parseBoxes(iprp.payload[...], context: "meta/iprp")
        guard let ipco = iprpChildren.first(where: { $0.type == "ipco" }) else { throw MediaError(.corrupt, "HEIF iprp box has no ipco") }
        let properties = try BoxParser.parseBoxes(ipco.payload[...], context: "meta/iprp/ipco")
        let indices = try iprpChildren.filter { $0.type == "ipma" }.flatMap { try Self.associations($0, of: primary) }
        guard let ispe = indices.lazy.filter({ $0 >= 1 && $0 <= properties.count }).map({ properties[$0 - 1] }).first(where: { $0.type == "ispe" })
        else {
            throw MediaError(.corrupt, "HEIF primary item \(primary) has no image size (ispe) property")
        }
        var reader = ByteReader(ispe.payload, context: "ispe box")
        try reader.skip(4)
        width = Int(try reader.readUInt32())
        height = Int(try reader.readUInt32())
        guard width > 0, height > 0 else { throw MediaError(.corrupt, "HEIF primary image declares a \(width)x\(height) size") }
    }

    /// The item id in a `pitm` box (16 bits in version 0, 32 bits after).
    private static func primaryItem(_ pitm: Box) throws -> UInt32 {
        var reader = ByteReader(pitm.payload, context: "pitm box")
        let version = try reader.readUInt8()
        try reader.skip(3)
        return version == 0 ? UInt32(try reader.readUInt16()) : try reader.readUInt32()
    }

    /// The 1-based `ipco` indices an `ipma` box associates with `item`.
    private static func associations(_ ipma: Box, of item: UInt32) throws -> [Int] {
        var reader = ByteReader(ipma.payload, context: "ipma box")
        let version = try reader.readUInt8()
        let flags = try reader.readUInt24()
        let entries = try reader.readUInt32()
        for _ in 0..<entries {
            let id = version < 1 ? UInt32(try reader.readUInt16()) : try reader.readUInt32()
            let count = Int(try reader.readUInt8())
            var indices: [Int] = []
            for _ in 0..<count {
                indices.append(flags & 1 == 1 ? Int(try reader.readUInt16() & 0x7FFF) : Int(try reader.readUInt8() & 0x7F))
            }
            if id == item { return indices }
        }
        return []
    }
}
