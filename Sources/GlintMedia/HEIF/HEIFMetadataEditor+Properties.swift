extension HEIFMetadataEditor {
    /// Adds an image item of `type` (hidden when `hidden`) with `properties` associated in order
    /// (the first marked essential: the decoder configuration) and `data` as its coded bytes.
    /// Returns its id.
    mutating func addImage(_ type: FourCC, properties: [Box], data: [UInt8], hidden: Bool) throws -> UInt32 {
        let id = addItem(type, hidden: hidden)
        try associate(properties, with: id, essential: [0])
        replacements[id] = data
        return id
    }

    /// Appends `properties` to `ipco` and associates them with `item` in `ipma` (the ones at
    /// the `essential` positions marked essential). The `ipma` entries are written again in one
    /// box, wide enough for every index and id.
    mutating func associate(_ properties: [Box], with item: UInt32, essential: Set<Int>) throws {
        guard let iprp = meta.child("iprp") else { throw MediaError(.corrupt, "HEIF meta box has no item properties (iprp)") }
        var children = try BoxParser.parseBoxes(iprp.payload[...], context: "meta/iprp")
        guard let ipcoIndex = children.firstIndex(where: { $0.type == "ipco" }) else { throw MediaError(.corrupt, "HEIF iprp box has no ipco") }
        var existing = try BoxParser.parseBoxes(children[ipcoIndex].payload[...], context: "meta/iprp/ipco")
        let first = existing.count + 1
        existing += properties
        children[ipcoIndex] = Box("ipco", payload: existing.flatMap(\.serialized))
        var entries = try Self.associations(children.filter { $0.type == "ipma" })
        entries.append((item, properties.indices.map { (essential.contains($0), first + $0) }))
        children.removeAll { $0.type == "ipma" }
        children.append(Self.ipma(entries))
        meta.setChild(Box("iprp", payload: children.flatMap(\.serialized)))
    }

    /// Every `ipma` entry: item id and its (essential, 1-based index) associations, in order.
    static func associations(_ boxes: [Box]) throws -> [(UInt32, [(Bool, Int)])] {
        var result: [(UInt32, [(Bool, Int)])] = []
        for box in boxes {
            var r = ByteReader(box.payload, context: "ipma box")
            let version = try r.readUInt8()
            let flags = try r.readUInt24()
            let count = try r.readUInt32()
            guard count <= HEIFItemGraph.entryLimit else { throw MediaError(.corrupt, "HEIF ipma box lists \(count) items") }
            for _ in 0..<count {
                let id = version < 1 ? UInt32(try r.readUInt16()) : try r.readUInt32()
                let n = Int(try r.readUInt8())
                let list = try (0..<n).map { _ -> (Bool, Int) in
                    if flags & 1 == 1 {
                        let value = try r.readUInt16()
                        return (value & 0x8000 != 0, Int(value & 0x7FFF))
                    }
                    let value = try r.readUInt8()
                    return (value & 0x80 != 0, Int(value & 0x7F))
                }
                result.append((id, list))
            }
        }
        return result
    }

    /// One `ipma` box holding `entries`: 32-bit ids when one needs them, 15-bit indices when one
    /// is over 127.
    static func ipma(_ entries: [(UInt32, [(Bool, Int)])]) -> Box {
        let wideIDs = entries.contains { $0.0 > UInt32(UInt16.max) }
        let wideIndices = entries.contains { $0.1.contains { $0.1 > 127 } }
        var w = ByteWriter()
        w.write(UInt32(entries.count))
        for (id, list) in entries {
            if wideIDs { w.write(id) } else { w.write(UInt16(id)) }
            w.write(UInt8(list.count))
            for (essential, index) in list {
                if wideIndices {
                    w.write(UInt16(index & 0x7FFF) | (essential ? 0x8000 : 0))
                } else {
                    w.write(UInt8(index & 0x7F) | (essential ? 0x80 : 0))
                }
            }
        }
        return Box("ipma", version: wideIDs ? 1 : 0, flags: wideIndices ? 1 : 0, body: w.bytes)
    }
}
