import GlintMedia
import GlintTestSupport
import Testing

@Suite("JPEG segment structure", .suiteTimeLimit)
struct JPEGFileTests {
    @Test("segments of an encoded JPEG are parsed up to the first scan")
    func parsesEncoderOutput() throws {
        let encoded = try JPEGEncoder.encode(JPEGTestImages.colorful(width: 32, height: 32))
        let file = try JPEGFile(parsing: encoded)
        let markers = file.segments.map(\.marker)
        #expect(markers.contains(JPEGMarker.defineQuantizationTables))
        #expect(markers.contains(JPEGMarker.startOfFrameBaseline))
        #expect(markers.contains(JPEGMarker.defineHuffmanTables))
        #expect(file.imageDataRange.upperBound == encoded.count)
        #expect(Array(encoded[file.imageDataRange.lowerBound...].prefix(2)) == [0xFF, JPEGMarker.startOfScan])
        for (segment, offset) in zip(file.segments, file.segmentOffsets) {
            #expect(Array(encoded[offset..<(offset + 4 + segment.payload.count)]) == segment.serialized)
        }
    }

    @Test("a progressive JPEG's scans and tables between them are skipped to EOI")
    func parsesProgressiveScans() throws {
        let sample = JPEGSampleFiles.progressiveRGB24x16
        let file = try JPEGFile(parsing: sample)
        #expect(file.segments.contains { $0.marker == JPEGMarker.startOfFrameProgressive })
        #expect(file.endOfImageOffset == sample.count)
        #expect(file.trailingBytes.isEmpty)
    }

    @Test("bytes after EOI are exposed as trailing data")
    func trailingBytes() throws {
        let encoded = try JPEGEncoder.encode(JPEGTestImages.colorful(width: 24, height: 24))
        let appended: [UInt8] = [0xFF, 0xD8, 0xFF, 0xD9, 0x00, 0x00, 0x00, 0x18, 0x66, 0x74, 0x79, 0x70]
        let file = try JPEGFile(parsing: encoded + appended)
        #expect(file.endOfImageOffset == encoded.count)
        #expect(Array(file.trailingBytes) == appended)
    }

    @Test("a file that is not a JPEG, or has a bad segment length, is .corrupt")
    func malformedStructure() {
        #expect(JPEGTestImages.errorKind { _ = try JPEGFile(parsing: [0x89, 0x50, 0x4E, 0x47]) } == .corrupt)
        #expect(JPEGTestImages.errorKind { _ = try JPEGFile(parsing: [0xFF]) } == .corrupt)
        #expect(JPEGTestImages.errorKind { _ = try JPEGFile(parsing: [0xFF, 0xD8, 0xFF, 0xE1, 0x00, 0x01]) } == .corrupt)
        #expect(JPEGTestImages.errorKind { _ = try JPEGFile(parsing: [0xFF, 0xD8, 0xFF, 0xD9]) } == .corrupt)
        #expect(JPEGTestImages.errorKind { _ = try JPEGFile(parsing: [0xFF, 0xD8, 0x12, 0x34]) } == .corrupt)
        #expect(JPEGTestImages.errorKind { _ = try JPEGFile(parsing: [0xFF, 0xD8, 0xFF, 0xE1, 0x10, 0x00, 0x01]) } == .truncated)
        #expect(JPEGTestImages.errorKind { _ = try JPEGFile(parsing: [0xFF, 0xD8]) } == .truncated)
    }

    @Test("Exif and XMP segments are built and read back")
    func exifAndXMP() throws {
        let tiff: [UInt8] = [0x4D, 0x4D, 0x00, 0x2A, 0x00, 0x00, 0x00, 0x08, 0x00, 0x00]
        let packet = "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"></x:xmpmeta>"
        let encoded = try JPEGEncoder.encode(JPEGTestImages.colorful(width: 20, height: 20))
        let assembled = try JPEGAssembler.assemble(encoded: encoded, segments: [.exif(tiff), .xmp(packet)])
        let file = try JPEGFile(parsing: assembled)
        #expect(file.segments.first?.marker == JPEGMarker.app1)
        #expect(file.exifTIFF == tiff)
        #expect(file.xmpString == packet)
        #expect(file.mpfPayload == nil)
        #expect(try file.iccProfile() == nil)
        #expect(try JPEGDecoder.decode(assembled) == JPEGDecoder.decode(encoded))
    }

    @Test("a payload over 65533 bytes is .tooLarge")
    func oversizedPayload() throws {
        #expect(JPEGTestImages.errorKind { _ = try JPEGSegment(marker: JPEGMarker.app1, payload: [UInt8](repeating: 1, count: 65_534)) } == .tooLarge)
        #expect(JPEGTestImages.errorKind { _ = try JPEGSegment.exif([UInt8](repeating: 1, count: 65_528)) } == .tooLarge)
        #expect(try JPEGSegment.exif([UInt8](repeating: 1, count: 65_527)).payload.count == 65_533)
        #expect(JPEGTestImages.errorKind { _ = try JPEGSegment(marker: JPEGMarker.endOfImage, payload: []) } == .invalidArgument)
    }

    @Test("a 150 KB ICC profile splits into 3 APP2 segments and reassembles byte for byte")
    func iccProfileRoundTrip() throws {
        var random = SeededRandomGenerator(seed: 150)
        let profile = random.bytes(150_000)
        let segments = try JPEGSegment.iccProfileSegments(profile)
        #expect(segments.count == 3)
        #expect(segments.allSatisfy { $0.marker == JPEGMarker.app2 && $0.payload.count <= JPEGSegment.maxPayloadCount })
        let encoded = try JPEGEncoder.encode(JPEGTestImages.colorful(width: 20, height: 20))
        let assembled = try JPEGAssembler.assemble(encoded: encoded, segments: segments)
        #expect(try JPEGFile(parsing: assembled).iccProfile() == profile)
        // Chunks are reassembled by sequence number, not file order.
        let reversed = try JPEGAssembler.assemble(encoded: encoded, segments: segments.reversed())
        #expect(try JPEGFile(parsing: reversed).iccProfile() == profile)
        // A missing chunk is corrupt.
        let missing = try JPEGAssembler.assemble(encoded: encoded, segments: Array(segments.dropFirst()))
        #expect(JPEGTestImages.errorKind { _ = try JPEGFile(parsing: missing).iccProfile() } == .corrupt)
    }

    @Test("an empty ICC profile is an invalid argument; one needing over 255 chunks is .tooLarge")
    func iccProfileLimits() {
        #expect(JPEGTestImages.errorKind { _ = try JPEGSegment.iccProfileSegments([]) } == .invalidArgument)
        let huge = [UInt8](repeating: 0, count: 255 * JPEGSegment.maxICCProfileBytesPerSegment + 1)
        #expect(JPEGTestImages.errorKind { _ = try JPEGSegment.iccProfileSegments(huge) } == .tooLarge)
    }

    @Test("assembling onto something that is not a JPEG fails")
    func assembleRejectsNonJPEG() {
        #expect(JPEGTestImages.errorKind { _ = try JPEGAssembler.assemble(encoded: [], segments: []) } == .empty)
        #expect(JPEGTestImages.errorKind { _ = try JPEGAssembler.assemble(encoded: [1, 2, 3], segments: []) } == .corrupt)
    }
}
