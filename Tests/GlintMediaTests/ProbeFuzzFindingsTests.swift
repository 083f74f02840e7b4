import Foundation
import GlintTestSupport
import Testing

@testable import GlintProbe

/// What fuzzing GlintProbe's own parsers found (`Fuzz/MotionPhotoLocator`):
/// each input is built here byte by byte and must give a typed error or a true answer.
@Suite("Probe fuzz findings")
struct ProbeFuzzFindingsTests {
    /// Writes `bytes` to a temporary file and gives it to `body`.
    private static func withFile<T>(_ bytes: [UInt8], _ body: (String) throws -> T) throws -> T {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("input")
        try Data(bytes).write(to: url)
        return try body(url.path)
    }

    @Test("a Samsung trailer block whose name is not UTF-8 starts where the file puts it")
    func samsungBlockStartWithInvalidName() throws {
        let jpeg = HostileMedia.jpeg()
        let name = [UInt8](repeating: 0xFF, count: 16)  // each byte becomes U+FFFD, 3 bytes in UTF-8
        let video = [UInt8](repeating: 0x41, count: 32)
        let block = [0, 0, 0x30, 0x0A] + ProbeCapsTests.littleEndian(UInt32(name.count)) + name + video
        var directory = Array("SEFH".utf8) + ProbeCapsTests.littleEndian(UInt32(107)) + ProbeCapsTests.littleEndian(UInt32(1))
        directory += [0, 0, 0x30, 0x0A] + ProbeCapsTests.littleEndian(UInt32(block.count)) + ProbeCapsTests.littleEndian(UInt32(block.count))
        let bytes = jpeg + block + directory + ProbeCapsTests.littleEndian(UInt32(directory.count)) + Array("SEFT".utf8)
        let blocks = try Self.withFile(bytes) { path in try SamsungTrailer.blocks(in: try RandomAccessFile(path: path)) }
        let found = try #require(blocks?.first)
        #expect(found.start == Int64(jpeg.count))
        #expect(found.dataOffset == Int64(jpeg.count + 8 + name.count))
        #expect(found.dataLength == Int64(video.count))
    }

    @Test("a still cut short after a Samsung MotionPhoto_Data block is truncated, naming where the block starts; none before the search start")
    func samsungBlockWithoutDirectory() throws {
        let still = HostileMedia.jpeg()
        let block = [0, 0, 0x30, 0x0A] + ProbeCapsTests.littleEndian(UInt32(16)) + Array("MotionPhoto_Data".utf8) + [0, 0, 0, 0x18]
        let bytes = still + block
        #expect(throws: MediaError.self) { try SamsungTrailer.checkNotCutShort(bytes, after: still.count, path: "cut.jpg") }
        do {
            try SamsungTrailer.checkNotCutShort(bytes, after: still.count, path: "cut.jpg")
        } catch {
            #expect("\(error)".contains("starts at byte \(still.count)"), "\(error)")
        }
        try SamsungTrailer.checkNotCutShort(bytes, after: bytes.count - 4, path: "cut.jpg")
        #expect(SamsungTrailer.firstIndex(of: Array("Data".utf8), in: bytes, from: 0) == still.count + 20)
        #expect(SamsungTrailer.firstIndex(of: Array("Data".utf8), in: bytes, from: still.count + 21) == nil)
    }

    @Test("an iloc whose offset and length fields are 0 bytes lists 65,378 extents of one item in 6 bytes; past 65,536 in one box is refused")
    func zeroSizeExtents() async throws {
        // Version 0, flags 0, every field size 0, then per item: id, data reference 0, extent count.
        func iloc(extentCounts: [Int]) -> [UInt8] {
            var bytes: [UInt8] = [0, 0, 0, 0, 0x00, 0x00, 0, UInt8(extentCounts.count)]
            for (index, count) in extentCounts.enumerated() {
                bytes += [0, UInt8(index + 1), 0, 0, UInt8(count >> 8), UInt8(count & 0xFF)]
            }
            return bytes
        }
        // One pass lists each extent once (a few milliseconds); the bound is for a parse that
        // never ends, not a measure of one.
        let bytes = iloc(extentCounts: [65_378])
        let (counts, allEmpty) = try await Waiting.blocking(.seconds(60), "the parse of an iloc of 65,378 extents") {
            let locations = try HEIFItemLocations(bytes).locations
            return (locations.map(\.extents.count), locations.first?.extents.allSatisfy { $0.offset == 0 && $0.length == 0 } == true)
        }
        #expect(counts == [65_378])
        #expect(allEmpty)
        let error = #expect(throws: MediaError.self) { try HEIFItemLocations(iloc(extentCounts: [65_378, 200])) }
        #expect(error.map { "\($0)".contains("more than 65536 extents") } == true, "\(String(describing: error))")
    }
}
