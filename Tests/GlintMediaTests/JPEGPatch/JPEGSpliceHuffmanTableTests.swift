import Testing

@testable import GlintMedia

/// A DHT segment declaring more codes of a length than the length has room for, found by the
/// `JPEGBadgeSplice` fuzz harness: the splice's table builder filled its look-up table past its
/// end (a trap) before it checked the count.
@Suite("JPEG patch: Huffman tables")
struct JPEGSpliceHuffmanTableTests {
    @Test("a Huffman table with three codes of one bit is refused, not a crash")
    func tooManyShortCodes() {
        var counts = [UInt8](repeating: 0, count: 16)
        counts[0] = 3
        #expect(throws: JPEGSpliceRefusal.self) { _ = try HuffmanTable(counts: counts, symbols: [0, 1, 2]) }
    }

    @Test("a Huffman table counting more codes than it has symbols is refused, not a crash")
    func fewerSymbolsThanCodes() {
        var counts = [UInt8](repeating: 0, count: 16)
        counts[1] = 3
        #expect(throws: JPEGSpliceRefusal.self) { _ = try HuffmanTable(counts: counts, symbols: [0]) }
    }

    @Test("a JPEG whose DHT overflows its code space is patched through libjpeg or refused, never a crash")
    func overflowingTableInAFile() throws {
        var jpeg = try JPEGEncoder.encode(JPEGTestImages.colorful(width: 48, height: 32), quality: 90)
        // The first table of the first DHT: move three of its codes to length 1.
        let dht = try #require((2..<(jpeg.count - 1)).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC4 })
        let counts = (dht + 5)..<(dht + 21)
        let longest = try #require(counts.max { jpeg[$0] < jpeg[$1] })
        try #require(jpeg[longest] >= 3)
        jpeg[longest] -= 3
        jpeg[counts.lowerBound] += 3
        let badge = RGBAImage(width: 8, height: 8, fill: (255, 255, 255, 255))
        #expect(throws: MediaError.self) {
            _ = try JPEGPatchCompositor.composite(jpeg, file: nil, overlay: badge, x: 0, y: 0, method: .bitstreamSplice)
        }
        _ = try? JPEGPatchCompositor.composite(jpeg, file: nil, overlay: badge, x: 0, y: 0)
    }
}
