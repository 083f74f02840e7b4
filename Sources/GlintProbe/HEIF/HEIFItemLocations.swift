/// A HEIF `iloc` box as a value: where each item's bytes are, editable and writable again.
///
/// Base offsets are folded into the extents when read, so every extent offset is absolute (in
/// the file for construction method 0, in `idat` for method 1).
package struct HEIFItemLocations {
    package struct Extent {
        package var index: UInt64
        package var offset: UInt64
        package var length: UInt64

        package init(index: UInt64, offset: UInt64, length: UInt64) {
            self.index = index
            self.offset = offset
            self.length = length
        }
    }

    package struct Location {
        package var itemID: UInt32
        package var constructionMethod: UInt16
        package var dataReferenceIndex: UInt16
        package var extents: [Extent]

        package init(itemID: UInt32, constructionMethod: UInt16, dataReferenceIndex: UInt16, extents: [Extent]) {
            self.itemID = itemID
            self.constructionMethod = constructionMethod
            self.dataReferenceIndex = dataReferenceIndex
            self.extents = extents
        }
    }

    /// The most extents one `iloc` box may list, all items together (an iPhone's has a few dozen):
    /// with zero-size fields an extent costs no byte, so its count is no bound.
    package static let extentLimit = 1 << 16

    package var version: UInt8
    package var indexSize: Int
    package var locations: [Location]

    /// Parses an `iloc` box payload (versions 0, 1 and 2).
    package init(_ payload: [UInt8]) throws {
        var r = ByteReader(payload, context: "iloc box")
        version = try r.readUInt8()
        try r.skip(3)
        guard version <= 2 else { throw MediaError(.unsupported, "iloc version \(version) is not supported") }
        let sizes = try r.readUInt8()
        let more = try r.readUInt8()
        let offsetSize = Int(sizes >> 4)
        let lengthSize = Int(sizes & 0xF)
        let baseSize = Int(more >> 4)
        indexSize = version == 0 ? 0 : Int(more & 0xF)
        func read(_ size: Int) throws -> UInt64 {
            switch size {
            case 0: return 0
            case 4: return UInt64(try r.readUInt32())
            case 8: return try r.readUInt64()
            default: throw MediaError(.corrupt, "iloc field size \(size) is not 0, 4 or 8")
            }
        }
        let count = version < 2 ? Int(try r.readUInt16()) : Int(try r.readUInt32())
        guard count <= r.remaining / 4 + 1 else { throw MediaError(.corrupt, "iloc box claims \(count) items") }
        locations = []
        var extentTotal = 0
        for _ in 0..<count {
            let id = version < 2 ? UInt32(try r.readUInt16()) : try r.readUInt32()
            let method = version == 0 ? 0 : try r.readUInt16() & 0xF
            let reference = try r.readUInt16()
            let base = try read(baseSize)
            let extentCount = Int(try r.readUInt16())
            extentTotal += extentCount
            guard extentTotal <= Self.extentLimit else { throw MediaError(.corrupt, "iloc box lists more than \(Self.extentLimit) extents") }
            var extents: [Extent] = []
            for _ in 0..<extentCount {
                let index = try read(indexSize)
                let (offset, overflow) = base.addingReportingOverflow(try read(offsetSize))
                guard !overflow else { throw MediaError(.corrupt, "iloc extent offset overflows") }
                extents.append(Extent(index: index, offset: offset, length: try read(lengthSize)))
            }
            locations.append(Location(itemID: id, constructionMethod: method, dataReferenceIndex: reference, extents: extents))
        }
    }

    /// The `iloc` box: version at least 1 (construction methods), 4- or 8-byte fields as needed,
    /// no base offsets.
    package func makeBox() -> Box {
        let outVersion: UInt8 = max(version, locations.contains { $0.itemID > UInt32(UInt16.max) } ? 2 : 1)
        let values = locations.flatMap { $0.extents.flatMap { [$0.offset, $0.length] } }
        let wide = values.contains { $0 > UInt64(UInt32.max) }
        let fieldSize = wide ? 8 : 4
        var w = ByteWriter()
        w.write(UInt8(fieldSize << 4 | fieldSize))
        w.write(UInt8(indexSize))  // base offset size 0, index size
        if outVersion < 2 { w.write(UInt16(locations.count)) } else { w.write(UInt32(locations.count)) }
        func put(_ value: UInt64, _ size: Int) {
            if size == 8 { w.write(value) } else if size == 4 { w.write(UInt32(value)) }
        }
        for location in locations {
            if outVersion < 2 { w.write(UInt16(location.itemID)) } else { w.write(location.itemID) }
            w.write(location.constructionMethod)
            w.write(location.dataReferenceIndex)
            w.write(UInt16(location.extents.count))
            for extent in location.extents {
                put(extent.index, indexSize)
                put(extent.offset, fieldSize)
                put(extent.length, fieldSize)
            }
        }
        return Box("iloc", version: outVersion, flags: 0, body: w.bytes)
    }
}
