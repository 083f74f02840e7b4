import Foundation
import GlintTestSupport
import Testing

@testable import GlintMedia

/// Hostile EXIF blocks: each must end in a ``MediaError``, never a trap or a hang.
@Suite(.suiteTimeLimit)
struct ExifHostileInputTests {
    /// Big-endian TIFF: header, IFD0 at 8 holding `entries` (12 bytes each), then `tail`.
    static func tiff(entries: [[UInt8]], next: UInt32 = 0, tail: [UInt8] = []) -> [UInt8] {
        let order = TIFFByteOrder.bigEndian
        return Array("MM".utf8) + [0, 42] + order.bytes(UInt32(8))
            + order.bytes(UInt16(entries.count)) + entries.flatMap { $0 } + order.bytes(next) + tail
    }

    static func entry(_ tag: UInt16, _ type: UInt16, _ count: UInt32, _ value: UInt32) -> [UInt8] {
        let order = TIFFByteOrder.bigEndian
        return order.bytes(tag) + order.bytes(type) + order.bytes(count) + order.bytes(value)
    }

    static func kind(_ bytes: [UInt8]) -> MediaError.Kind? {
        do {
            _ = try ExifMetadata(tiff: bytes)
            return nil
        } catch let error as MediaError { return error.kind } catch { return nil }
    }

    @Test func truncatedBlocks() {
        #expect(Self.kind([]) == .truncated)
        #expect(Self.kind(Array("MM".utf8) + [0, 42]) == .truncated)
        let whole = Self.tiff(entries: [Self.entry(0x010F, 2, 20, 26)], tail: Array(repeating: 0x41, count: 20))
        #expect(Self.kind(whole) == nil)
        #expect(Self.kind(Array(whole.prefix(9))) == .truncated)  // entry count cut
        #expect(Self.kind(Array(whole.prefix(16))) == .truncated)  // entry table cut
        #expect(Self.kind(Array(whole.prefix(36))) == .truncated)  // value cut
    }

    @Test func badHeaders() {
        #expect(Self.kind(Array("XX".utf8) + [0, 42, 0, 0, 0, 8]) == .corrupt)
        #expect(Self.kind(Array("MM".utf8) + [0, 43, 0, 0, 0, 8]) == .corrupt)
        #expect(Self.kind(Array("II".utf8) + [42, 0, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0]) == nil)
    }

    @Test func offsetsPointingOutside() {
        var header = Array("MM".utf8) + [0, 42, 0x7F, 0xFF, 0xFF, 0xFF]
        #expect(Self.kind(header) == .corrupt)
        header = Array("MM".utf8) + [0, 42, 0, 0, 0, 2] + [0, 0, 0, 0, 0, 0]  // IFD0 inside the header
        #expect(Self.kind(header) == .corrupt)
        #expect(Self.kind(Self.tiff(entries: [Self.entry(0x8769, 4, 1, 0xFFFF_FFF0)])) == .corrupt)
        #expect(Self.kind(Self.tiff(entries: [Self.entry(0x010F, 2, 100, 0x0010_0000)])) == .corrupt)
        #expect(Self.kind(Self.tiff(entries: [], next: 5000)) == .corrupt)
    }

    @Test func directoriesThatLoop() {
        // IFD0 whose next pointer is itself.
        #expect(Self.kind(Self.tiff(entries: [], next: 8)) == .corrupt)
        // Exif pointer back to IFD0.
        #expect(Self.kind(Self.tiff(entries: [Self.entry(0x8769, 4, 1, 8)])) == .corrupt)
        // GPS and Exif pointing at the same directory.
        let shared = Self.tiff(entries: [Self.entry(0x8769, 4, 1, 38), Self.entry(0x8825, 4, 1, 38)], tail: [0, 0, 0, 0, 0, 0])
        #expect(Self.kind(shared) == .corrupt)
    }

    @Test func hugeCounts() {
        #expect(Self.kind(Self.tiff(entries: [Self.entry(0x010F, 2, 0xFFFF_FFFF, 8)])) == .corrupt)
        #expect(Self.kind(Self.tiff(entries: [Self.entry(0x010F, 12, 0xFFFF_FFFF, 8)])) == .corrupt)
        #expect(Self.kind(Self.tiff(entries: [Self.entry(0x010F, 5, 0x2000_0000, 8)])) == .corrupt)
        // A directory claiming 65535 entries in a tiny block.
        #expect(Self.kind(Array("MM".utf8) + [0, 42, 0, 0, 0, 8, 0xFF, 0xFF, 0, 0]) == .truncated)
        // A pointer tag that is not one offset.
        #expect(Self.kind(Self.tiff(entries: [Self.entry(0x8769, 4, 2, 8)])) == .corrupt)
    }

    @Test func thumbnailOutside() {
        // IFD1 at 26 with an offset beyond the block.
        let ifd1 = TIFFByteOrder.bigEndian.bytes(UInt16(2)) + Self.entry(0x0201, 4, 1, 9999) + Self.entry(0x0202, 4, 1, 10) + [0, 0, 0, 0]
        #expect(Self.kind(Self.tiff(entries: [], next: 14, tail: ifd1)) == .corrupt)
        let long = TIFFByteOrder.bigEndian.bytes(UInt16(2)) + Self.entry(0x0201, 4, 1, 14) + Self.entry(0x0202, 4, 1, 999) + [0, 0, 0, 0]
        #expect(Self.kind(Self.tiff(entries: [], next: 14, tail: long)) == .truncated)
    }

    /// Flipping and cutting bytes of the real block never traps.
    @Test(.requires(.sharedFixtures))
    func mutatedRealBlocksNeverTrap() throws {
        let tiff = try #require(ExifTestFiles.exifTIFF(of: try ExifTestFiles.realStill()))
        var generator = SeededRandomGenerator(seed: 0x5EED)
        for length in stride(from: 0, to: tiff.count, by: 97) {
            _ = try? ExifMetadata(tiff: tiff.prefix(length))
        }
        for _ in 0..<3000 {
            var bytes = tiff
            for _ in 0..<Int(generator.next() % 8 + 1) {
                // Mostly hit the directories and the MakerNote, where offsets and counts live.
                let position = Int(generator.next() % UInt64(min(bytes.count, 2400)))
                bytes[position] = UInt8(truncatingIfNeeded: generator.next())
            }
            if let exif = try? ExifMetadata(tiff: bytes) {
                _ = try? exif.serialized()
                _ = exif.contentIdentifier
                _ = exif.orientation
                _ = exif.pixelDimensions
            }
        }
    }
}
