/// How the items of a HEIF file's `meta` box relate: the primary item, each item's type and
/// hidden flag (`iinf`), the item references (`iref`: `auxl` from an auxiliary image to its
/// master, `cdsc` from metadata to what it describes, `dimg` from a derived image to its inputs)
/// and the properties associated with each item (`iprp`: `ipco` and `ipma`). Parsed from the
/// `meta` payload alone, in Swift, with the caps of ``HEIFItems``.
public struct HEIFItemGraph: Sendable {
    /// One item of `iinf`.
    public struct Info: Sendable, Equatable {
        public var id: UInt32
        public var type: FourCC
        /// Whether the item is hidden (not meant to be shown on its own: `infe` flag 1).
        public var hidden: Bool
        /// A `mime` item's content type.
        public var contentType: String?
    }

    /// One reference of `iref`: `from` refers, with `type`, to each of `to`.
    public struct Reference: Sendable, Equatable {
        public var type: FourCC
        public var from: UInt32
        public var to: [UInt32]
    }

    /// The most references and property associations read (an iPhone's `meta` has a few dozen).
    public static let entryLimit = 1 << 16

    public let primary: UInt32
    public let items: [Info]
    public let references: [Reference]
    /// The `ipco` properties, in order (associations index them from 1).
    public let properties: [Box]
    /// The 1-based property indices associated with each item, in `ipma` order.
    public let associations: [UInt32: [Int]]

    /// Parses the graph from a parsed `meta` box.
    /// - Throws: ``MediaError`` `.corrupt` for a damaged box.
    public init(meta: Box) throws {
        guard let pitm = meta.child("pitm"), let iinf = meta.child("iinf") else {
            throw MediaError(.corrupt, "HEIF meta box lacks pitm or iinf")
        }
        var reader = ByteReader(pitm.payload, context: "pitm box")
        let version = try reader.readUInt8()
        try reader.skip(3)
        primary = version == 0 ? UInt32(try reader.readUInt16()) : try reader.readUInt32()
        items = try Self.infos(iinf)
        references = try meta.child("iref").map(Self.references) ?? []
        let iprp = try meta.child("iprp").map { try BoxParser.parseBoxes($0.payload[...], context: "meta/iprp") } ?? []
        properties = try iprp.first { $0.type == "ipco" }.map { try BoxParser.parseBoxes($0.payload[...], context: "meta/iprp/ipco") } ?? []
        associations = try Self.associations(iprp.filter { $0.type == "ipma" })
    }

    /// The properties associated with `item`, in order.
    public func properties(of item: UInt32) -> [Box] {
        (associations[item] ?? []).compactMap { $0 >= 1 && $0 <= properties.count ? properties[$0 - 1] : nil }
    }

    /// The items that refer to `target` with a reference of `type`.
    public func items(referring type: FourCC, to target: UInt32) -> [UInt32] {
        references.filter { $0.type == type && $0.to.contains(target) }.map(\.from)
    }

    /// The item with `id`.
    public func item(_ id: UInt32) -> Info? { items.first { $0.id == id } }

    /// Width and height from `item`'s `ispe` property.
    public func size(of item: UInt32) -> (width: Int, height: Int)? {
        guard let ispe = properties(of: item).first(where: { $0.type == "ispe" }) else { return nil }
        var reader = ByteReader(ispe.payload, context: "ispe box")
        guard (try? reader.skip(4)) != nil, let width = try? reader.readUInt32(), let height = try? reader.readUInt32() else { return nil }
        return (Int(width), Int(height))
    }

    /// Whether item `id` (an XMP item) describes the primary item, or nothing at all (`cdsc`):
    /// an XMP item that describes another item (an iPhone's gain map has one) is not the file's.
    public func describesPrimaryOrNothing(_ id: UInt32) -> Bool {
        let described = references.filter { $0.type == "cdsc" && $0.from == id }.flatMap(\.to)
        return described.isEmpty || described.contains(primary)
    }

    /// The `auxC` type (a URN) of an auxiliary image item.
    public func auxiliaryType(of item: UInt32) -> String? {
        guard let auxC = properties(of: item).first(where: { $0.type == "auxC" }), auxC.payload.count > 4 else { return nil }
        var reader = ByteReader(auxC.payload.dropFirst(4), context: "auxC box")
        return try? HEIFItems.cString(&reader)
    }

    /// The items of an `iinf` box (`infe` versions 2 and 3).
    static func infos(_ iinf: Box) throws -> [Info] {
        var r = ByteReader(iinf.payload, context: "iinf box")
        let version = try r.readUInt8()
        try r.skip(3)
        let count = version == 0 ? Int(try r.readUInt16()) : Int(try r.readUInt32())
        let boxes = try BoxParser.parseBoxes(r.readRemaining(), context: "iinf")
        guard boxes.count >= count else { throw MediaError(.corrupt, "iinf box lists \(count) items but holds \(boxes.count)") }
        return try boxes.filter { $0.type == "infe" }.map { infe in
            var e = ByteReader(infe.payload, context: "infe box")
            let v = try e.readUInt8()
            let flags = try e.readUInt24()
            guard v >= 2 else { throw MediaError(.unsupported, "infe version \(v) (before HEIF) is not read") }
            let id = v == 2 ? UInt32(try e.readUInt16()) : try e.readUInt32()
            try e.skip(2)
            let type = try e.readFourCC()
            _ = try HEIFItems.cString(&e)
            return Info(id: id, type: type, hidden: flags & 1 != 0, contentType: type == "mime" ? try HEIFItems.cString(&e) : nil)
        }
    }

    private static func references(_ iref: Box) throws -> [Reference] {
        var r = ByteReader(iref.payload, context: "iref box")
        let version = try r.readUInt8()
        try r.skip(3)
        var result: [Reference] = []
        for box in try BoxParser.parseBoxes(r.readRemaining(), context: "iref") {
            var e = ByteReader(box.payload, context: "iref/\(box.type) box")
            func id() throws -> UInt32 { version == 0 ? UInt32(try e.readUInt16()) : try e.readUInt32() }
            let from = try id()
            let count = Int(try e.readUInt16())
            result.append(Reference(type: box.type, from: from, to: try (0..<count).map { _ in try id() }))
            guard result.count <= entryLimit else { throw MediaError(.corrupt, "HEIF iref box holds over \(entryLimit) references") }
        }
        return result
    }

    private static func associations(_ boxes: [Box]) throws -> [UInt32: [Int]] {
        var result: [UInt32: [Int]] = [:]
        for ipma in boxes {
            var reader = ByteReader(ipma.payload, context: "ipma box")
            let version = try reader.readUInt8()
            let flags = try reader.readUInt24()
            let entries = try reader.readUInt32()
            guard entries <= entryLimit else { throw MediaError(.corrupt, "HEIF ipma box lists \(entries) items") }
            for _ in 0..<entries {
                let id = version < 1 ? UInt32(try reader.readUInt16()) : try reader.readUInt32()
                let count = Int(try reader.readUInt8())
                let indices = try (0..<count).map { _ in
                    flags & 1 == 1 ? Int(try reader.readUInt16() & 0x7FFF) : Int(try reader.readUInt8() & 0x7F)
                }
                result[id, default: []] += indices
            }
        }
        return result
    }
}
