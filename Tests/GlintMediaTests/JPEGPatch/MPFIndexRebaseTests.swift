import Testing

@testable import GlintMedia

/// The MPF index a badge patch moves along (`MPFIndexRebase`), found by the `MPF` fuzz harness:
/// an index whose entry table points outside its APP2 segment made the rebase write "entries"
/// into whatever bytes the offset named (the scan, a secondary image).
@Suite("MPF index rebase")
struct MPFIndexRebaseTests {
    /// A small JPEG with a big-endian MPF index after SOI (one MP Entry tag, two entries) and a
    /// second JPEG after its EOI; `tableOffset` overrides where the index says its entry table
    /// is (from the MP header).
    static func multiPicture(tableOffset: UInt32? = nil) throws -> [UInt8] {
        let primary = try JPEGEncoder.encode(JPEGTestImages.colorful(width: 32, height: 16), quality: 90)
        let second = try JPEGEncoder.encode(JPEGTestImages.colorful(width: 16, height: 16), quality: 90)
        func be32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
        // MP header (8) + IFD of one entry (2 + 12 + 4) + two 16-byte entries.
        let payloadCount = 4 + 8 + 18 + 32
        let header = 2 + 4 + 4  // SOI, marker and length, "MPF\0"
        let primaryEnd = primary.count + 4 + payloadCount
        var payload = Array("MPF".utf8) + [0, 0x4D, 0x4D, 0, 0x2A] + be32(8)
        payload += [0, 1, 0xB0, 0x02, 0, 7] + be32(32) + be32(Int(tableOffset ?? 26)) + be32(0)
        payload += be32(0x2003_0000) + be32(primaryEnd) + be32(0) + [0, 0, 0, 0]
        payload += be32(0x0000_0000) + be32(second.count) + be32(primaryEnd - header) + [0, 0, 0, 0]
        #expect(payload.count == payloadCount)
        return [0xFF, 0xD8, 0xFF, 0xE2] + [UInt8((payloadCount + 2) >> 8), UInt8(truncatingIfNeeded: payloadCount + 2)] + payload
            + primary.dropFirst(2) + second
    }

    /// The file with `extra` bytes added to its scan just before EOI, as a splice that grew it.
    static func grown(_ file: JPEGFile, by extra: Int) -> [UInt8] {
        var bytes = file.bytes
        bytes.insert(contentsOf: repeatElement(0x12, count: extra), at: file.endOfImageOffset - 2)
        return bytes
    }

    @Test("an MPF index whose entry table points outside its segment is left alone, and nothing else is written")
    func entryTableOutsideTheSegment() throws {
        let good = try JPEGFile(parsing: try Self.multiPicture())
        // The table "is" the second image's first 32 bytes: its header, not MP entries.
        let secondImage = UInt32(good.endOfImageOffset - good.mpfHeaderOffset!)
        let file = try JPEGFile(parsing: try Self.multiPicture(tableOffset: secondImage))
        let spliced = Self.grown(file, by: 3)
        let rebased = JPEGPatchAssembly.splicedFile(file, spliced: spliced, newImageEnd: file.endOfImageOffset + 3)
        #expect(rebased == spliced)
    }

    @Test("a well-formed MPF index follows the primary image's new size")
    func wellFormedIndexIsRebased() throws {
        let file = try JPEGFile(parsing: try Self.multiPicture())
        let header = try #require(file.mpfHeaderOffset)
        let rebased = JPEGPatchAssembly.splicedFile(file, spliced: Self.grown(file, by: 3), newImageEnd: file.endOfImageOffset + 3)
        func be32(at offset: Int) -> Int { rebased[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) } }
        let table = header + 26
        #expect(be32(at: table + 4) == file.endOfImageOffset + 3)
        #expect(be32(at: table + 16 + 8) == file.endOfImageOffset + 3 - header)
        #expect(rebased[(file.endOfImageOffset + 3)...].starts(with: [0xFF, 0xD8]))
    }
}
