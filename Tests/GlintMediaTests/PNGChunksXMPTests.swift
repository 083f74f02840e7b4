import Foundation
import GlintTestSupport
import Testing

@testable import GlintMedia

/// A PNG's XMP `iTXt` chunk, stored plain or deflated (as some tools write it): both read the same;
/// one that does not inflate, names an unknown method or inflates past the cap is left out.
@Suite("PNG XMP iTXt chunks", .suiteTimeLimit)
struct PNGChunksXMPTests {
    static let packet = Array(
        ("<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">"
            + "<rdf:Description rdf:about=\"\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\" dc:format=\"image/png\"/>"
            + "</rdf:RDF></x:xmpmeta>").utf8)

    /// A one-pixel PNG with an XMP `iTXt` chunk whose flag, method and text are given.
    static func png(flag: UInt8, method: UInt8 = 0, text: [UInt8]) throws -> PNGChunks {
        var image = RGBAImage(width: 1, height: 1)
        image.pixels = [10, 20, 30, 255]
        let chunk = PNGChunks.Chunk(type: "iTXt", data: Array(PNGChunks.xmpKeyword.utf8) + [0, flag, method] + Array("en\0\0".utf8) + text)
        return try PNGChunks(try PNGChunks.inserting([chunk], into: try PNGEncoder.encode(image)))
    }

    @Test("a deflated packet reads as the plain one")
    func compressed() throws {
        #expect(try Self.png(flag: 0, text: Self.packet).xmpPacket == Self.packet)
        #expect(try Self.png(flag: 1, text: try PNGChunks.deflate(Self.packet)).xmpPacket == Self.packet)
    }

    @Test("garbage, an unknown method, an unknown flag and a packet past the cap are left out")
    func hostile() throws {
        #expect(try Self.png(flag: 1, text: [UInt8](repeating: 0xAB, count: 64)).xmpPacket == nil)
        #expect(try Self.png(flag: 1, method: 8, text: try PNGChunks.deflate(Self.packet)).xmpPacket == nil)
        #expect(try Self.png(flag: 2, text: Self.packet).xmpPacket == nil)
        let bomb = try PNGChunks.deflate([UInt8](repeating: 0x20, count: PNGChunks.maximumXMPBytes + 1))
        #expect(bomb.count < 10_000, "a small chunk that would inflate past the cap")
        #expect(try Self.png(flag: 1, text: bomb).xmpPacket == nil)
    }
}
