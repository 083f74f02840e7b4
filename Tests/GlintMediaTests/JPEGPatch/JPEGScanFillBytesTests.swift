import GlintTestSupport
import Testing

@testable import GlintMedia

/// Fill bytes inside a baseline scan (`0xFF 0xFF ... 0x00`), found by the `JPEGBadgeSplice` fuzz
/// harness: libjpeg reads the run as one `0xFF` data byte, the splice read one `0xFF` per pair,
/// so its bit positions drifted and the badged file decoded as garbage after the patch.
@Suite("JPEG patch: fill bytes in the scan")
struct JPEGScanFillBytesTests {
    @Test("a stuffed 0xFF with fill bytes before its 0x00 is one data byte")
    func fillBytesBeforeStuffedZero() {
        let bytes: [UInt8] = [0x12, 0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x34, 0xFF, 0x00, 0x56]
        #expect(JPEGScanSegments.unstuffed(bytes, 0..<bytes.count) == [0x12, 0xFF, 0x34, 0xFF, 0x56])
    }

    @Test("the splice of a JPEG with fill bytes in its scan decodes as cleanly, unchanged away from the badge", .requires(.cjpeg))
    func spliceWithFillBytes() throws {
        // cjpeg's standard Huffman tables have a code for every symbol the badge needs.
        let encoded = try #require(try JPEGPatchChecks.cjpeg(JPEGTestImages.colorful(width: 96, height: 64), ["-quality", "90"]))
        let file = try JPEGFile(parsing: encoded)
        let scan = file.imageDataRange
        // Three fill bytes before the 0x00 of the last stuffed 0xFF in the scan's data.
        let stuffed = try #require((scan.lowerBound..<(scan.upperBound - 1)).last { encoded[$0] == 0xFF && encoded[$0 + 1] == 0x00 })
        var jpeg = encoded
        jpeg.insert(contentsOf: [0xFF, 0xFF, 0xFF], at: stuffed + 1)
        let original = try JPEGDecoder.decodeReportingWarnings(jpeg)
        #expect(original.warningCount == 0)
        #expect(original.image.pixels == (try JPEGDecoder.decode(encoded)).pixels)
        let badge = JPEGPatchChecks.badge(size: 12)
        let result = try JPEGPatchCompositor.composite(jpeg, file: nil, overlay: badge, x: 0, y: 0, method: .bitstreamSplice)
        let badged = try JPEGDecoder.decodeReportingWarnings(result.bytes)
        #expect(badged.warningCount == 0)
        // Below the first two MCU rows (the patch and its chroma neighbours) nothing changed.
        let rowBytes = 96 * 3
        #expect(badged.image.pixels[(32 * rowBytes)...] == original.image.pixels[(32 * rowBytes)...])
    }
}
