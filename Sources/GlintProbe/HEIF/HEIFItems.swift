/// The items of a HEIF file's top-level `meta` box (`iinf` + `iloc`): enough to find and read
/// its metadata items (XMP, Exif) without decoding any image.
public struct HEIFItems: Sendable {
    /// One item: its id, type and where its bytes are.
    public struct Item: Sendable, Equatable {
        /// The item id.
        public var id: UInt32
        /// The item type (`hvc1`, `grid`, `Exif`, `mime`, ...).
        public var type: FourCC
        /// The MIME type of a `mime` item (`application/rdf+xml` for XMP).
        public var contentType: String?
        /// The item's extents as (offset, length) in the file (or in `idat`, see ``inIDAT``).
        public var extents: [(offset: Int64, length: Int64)]
        /// Whether the extents are offsets into the `meta/idat` box rather than the file.
        public var inIDAT: Bool

        public static func == (a: Item, b: Item) -> Bool {
            a.id == b.id && a.type == b.type && a.contentType == b.contentType && a.inIDAT == b.inIDAT
                && a.extents.map(\.offset) == b.extents.map(\.offset) && a.extents.map(\.length) == b.extents.map(\.length)
        }
    }

    /// Largest `meta` box read.
    public static let metaSizeLimit: Int64 = 16 << 20

    /// The items, in `iinf` order.
    public let items: [Item]
    /// How the items relate (references, properties), when `pitm` and the graph could be read.
    public let graph: HEIFItemGraph?
    /// The `idat` box's payload (empty when absent).
    package let idat: [UInt8]

    /// Reads the items of the file's top-level `meta` box.
    /// - Parameters:
    ///   - file: The HEIF file.
    ///   - boxes: Its top-level boxes (from ``TopLevelBox/scan(_:)``).
    ///   - metaLimit: The largest `meta` box read.
    /// - Throws: ``MediaError`` naming the file: `.corrupt` for a missing or damaged `meta`,
    ///   `.tooLarge` for one over `metaLimit`.
    public init(file: RandomAccessFile, boxes: [TopLevelBox], metaLimit: Int64 = metaSizeLimit) throws {
        try self.init(file: file, meta: try Self.metaBox(file: file, boxes: boxes, metaLimit: metaLimit))
    }

    /// Reads the items of a parsed top-level `meta` box (``metaBox(file:boxes:metaLimit:)``) of `file`.
    public init(file: RandomAccessFile, meta box: Box) throws {
        graph = try? HEIFItemGraph(meta: box)
        (items, idat) = try MediaError.naming(file.path) {
            guard let iinf = box.child("iinf"), let iloc = box.child("iloc") else {
                throw MediaError(.corrupt, "HEIF meta box lacks iinf or iloc")
            }
            let locations = try Self.locations(iloc)
            let items = try Self.infos(iinf).map { info -> Item in
                let location = locations[info.id]
                return Item(
                    id: info.id, type: info.type, contentType: info.contentType,
                    extents: location?.extents ?? [], inIDAT: location?.inIDAT ?? false)
            }
            return (items, box.child("idat")?.payload ?? [])
        }
    }

    /// The file's top-level `meta` box, parsed.
    /// - Throws: ``MediaError`` naming the file: `.corrupt` for a missing or damaged `meta`,
    ///   `.tooLarge` for one over `metaLimit`.
    public static func metaBox(file: RandomAccessFile, boxes: [TopLevelBox], metaLimit: Int64 = metaSizeLimit) throws -> Box {
        guard let meta = boxes.first(where: { $0.type == "meta" }) else {
            throw MediaError(.corrupt, file: file.path, "HEIF file has no top-level meta box")
        }
        guard meta.size <= metaLimit else {
            throw MediaError(.tooLarge, file: file.path, "HEIF meta box is \(meta.size) bytes, over the \(metaLimit)-byte limit")
        }
        let payload = try file.read(at: meta.payloadOffset, count: Int(meta.size) - meta.headerSize)
        return try MediaError.naming(file.path) {
            try BoxParser.parseBox(type: "meta", payload: payload[...], context: "meta", parentType: nil, depth: 0)
        }
    }

    /// The XMP item (`mime`, `application/rdf+xml`) of the file's primary image: the first that
    /// describes it (`cdsc`) or describes no item. An XMP item that describes another item (an
    /// iPhone's gain map has one) is not the file's.
    public var xmpItem: Item? {
        items.first { item in
            item.type == "mime" && item.contentType?.lowercased().hasPrefix("application/rdf+xml") == true
                && graph?.describesPrimaryOrNothing(item.id) != false
        }
    }

    /// The bytes of `item`.
    /// - Parameter limit: The largest item read.
    public func data(of item: Item, in file: RandomAccessFile, limit: Int64 = 16 << 20) throws -> [UInt8] {
        let total = item.extents.reduce(Int64(0)) { $0.addingClamped(max(0, $1.length)) }
        guard total <= limit, item.extents.allSatisfy({ $0.offset >= 0 && $0.length >= 0 }) else {
            throw MediaError(.tooLarge, file: file.path, "HEIF item \(item.id) is \(total) bytes")
        }
        var bytes: [UInt8] = []
        for extent in item.extents {
            if item.inIDAT {
                guard extent.offset <= Int64(idat.count), extent.length <= Int64(idat.count) - extent.offset else {
                    throw MediaError(.corrupt, file: file.path, "HEIF item \(item.id) points outside its idat box")
                }
                bytes += idat[Int(extent.offset)..<Int(extent.offset + extent.length)]
            } else {
                bytes += try file.read(at: extent.offset, count: Int(extent.length))
            }
        }
        return bytes
    }

    /// Parses `iinf`: item ids, types and MIME content types.
    package static func infos(_ iinf: Box) throws -> [(id: UInt32, type: FourCC, contentType: String?)] {
        try HEIFItemGraph.infos(iinf).map { ($0.id, $0.type, $0.contentType) }
    }

    /// Where each item's bytes are, from `iloc` (construction methods 0 and 1 only).
    package static func locations(_ iloc: Box) throws -> [UInt32: (extents: [(offset: Int64, length: Int64)], inIDAT: Bool)] {
        var result: [UInt32: (extents: [(offset: Int64, length: Int64)], inIDAT: Bool)] = [:]
        for location in try HEIFItemLocations(iloc.payload).locations where location.constructionMethod <= 1 {
            let extents = try location.extents.map { extent -> (offset: Int64, length: Int64) in
                guard let offset = Int64(exactly: extent.offset), let length = Int64(exactly: extent.length) else {
                    throw MediaError(.corrupt, "iloc extent of item \(location.itemID) is out of range")
                }
                return (offset, length)
            }
            result[location.itemID] = (extents, location.constructionMethod == 1)
        }
        return result
    }

    /// Reads a NUL-terminated UTF-8 string (or the rest, when unterminated).
    package static func cString(_ reader: inout ByteReader) throws -> String {
        var bytes: [UInt8] = []
        while !reader.isAtEnd {
            let byte = try reader.readUInt8()
            if byte == 0 { break }
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
