import Foundation
import GlintTestSupport
import Testing

@testable import GlintMedia

/// Building and editing EXIF blocks, in both byte orders, without fixtures.
@Suite(.suiteTimeLimit)
struct ExifMetadataEditingTests {
    static let identifier = ContentIdentifier("E905E6C6-C747-4805-942F-9904A0281F02")!

    @Test(arguments: [TIFFByteOrder.bigEndian, .littleEndian])
    func minimalBlockRoundTrips(byteOrder: TIFFByteOrder) throws {
        let exif = ExifMetadata.minimal(orientation: .right, contentIdentifier: Self.identifier, byteOrder: byteOrder)
        let bytes = try exif.serialized()
        #expect(Array(bytes.prefix(2)) == byteOrder.marker)
        let reparsed = try ExifMetadata(tiff: bytes)
        #expect(reparsed == exif)
        #expect(reparsed.byteOrder == byteOrder)
        #expect(reparsed.orientation == .right)
        #expect(reparsed.contentIdentifier == Self.identifier)
        #expect(try reparsed.makerNote?.serialized().count == 70)
        #expect(!reparsed.hasGPS)
        #expect(reparsed.thumbnail == nil)
    }

    @Test(arguments: [TIFFByteOrder.bigEndian, .littleEndian])
    func unknownTagsAndTypesSurviveByteForByte(byteOrder: TIFFByteOrder) throws {
        var exif = ExifMetadata(byteOrder: byteOrder)
        let odd = TIFFEntry(tag: 0xC000, type: .undefined, count: 5, value: [1, 2, 3, 4, 5])
        let strange = TIFFEntry(tag: 0xC001, type: TIFFFieldType(rawValue: 99), count: 7, value: [9, 8, 7, 6])
        let rational = TIFFEntry(tag: 0xC002, type: .srational, count: 2, value: Array(0..<16))
        let tiny = TIFFEntry(tag: 0xC003, type: .byte, count: 3, value: [0xAA, 0xBB, 0xCC])
        exif.ifd0 = TIFFDirectory(entries: [rational, odd, strange, tiny])
        exif.gps = TIFFDirectory(entries: [TIFFEntry(tag: 0x0000, type: .byte, count: 4, value: [2, 3, 0, 0])])
        exif.interoperability = TIFFDirectory(entries: [.ascii(tag: 0x0001, "R98")])
        exif.makerNote = .opaque(Array("Vendor blob, kept as is".utf8))
        let reparsed = try ExifMetadata(tiff: try exif.serialized())
        #expect(reparsed.ifd0[0xC000] == odd)
        #expect(reparsed.ifd0[0xC001] == strange)
        #expect(reparsed.ifd0[0xC002] == rational)
        #expect(reparsed.ifd0[0xC003] == tiny)
        #expect(reparsed.gps == exif.gps)
        #expect(reparsed.interoperability == exif.interoperability)
        #expect(reparsed.makerNote == exif.makerNote)
        // IFDs are written sorted by tag.
        #expect(reparsed.ifd0.entries.map(\.tag) == reparsed.ifd0.entries.map(\.tag).sorted())
    }

    @Test func serialisedValuesAreWordAligned() throws {
        var exif = ExifMetadata.minimal(contentIdentifier: Self.identifier)
        exif.ifd0.set(.ascii(tag: ExifTag.make, "Odd"))  // 4 bytes: inline
        exif.ifd0.set(.ascii(tag: ExifTag.model, "Model 12"))  // 9 bytes: odd length out of line
        exif.ifd0.set(.ascii(tag: 0x0131, "Software"))
        let bytes = try exif.serialized()
        let order = TIFFByteOrder.bigEndian
        let count = Int(order.uint16(bytes, at: 8))
        for index in 0..<count {
            let entry = 8 + 2 + 12 * index
            let length = Int(order.uint32(bytes, at: entry + 4))
            if length > 4 { #expect(order.uint32(bytes, at: entry + 8) % 2 == 0) }
        }
        #expect(try ExifMetadata(tiff: bytes).ifd0[ExifTag.model]?.string == "Model 12")
    }

    @Test func orientationGetSetAndRemove() throws {
        var exif = ExifMetadata(byteOrder: .littleEndian)
        #expect(exif.orientation == nil)
        exif.orientation = .leftMirrored
        #expect(try ExifMetadata(tiff: try exif.serialized()).orientation == .leftMirrored)
        exif.ifd0.set(.short(tag: ExifTag.orientation, [9], byteOrder: .littleEndian))
        #expect(exif.orientation == nil)
        exif.orientation = nil
        #expect(exif.ifd0[ExifTag.orientation] == nil)
    }

    @Test func pixelDimensionsKeepShortWhenTheyFit() throws {
        var exif = ExifMetadata(byteOrder: .littleEndian)
        exif.exif = TIFFDirectory(entries: [
            .short(tag: ExifTag.pixelXDimension, [4032], byteOrder: .littleEndian),
            .long(tag: ExifTag.pixelYDimension, [3024], byteOrder: .littleEndian),
        ])
        exif.ifd0 = TIFFDirectory(entries: [.short(tag: ExifTag.imageWidth, [4032], byteOrder: .littleEndian)])
        try exif.setPixelDimensions(width: 1308, height: 980)
        var reparsed = try ExifMetadata(tiff: try exif.serialized())
        #expect(reparsed.pixelDimensions?.width == 1308)
        #expect(reparsed.pixelDimensions?.height == 980)
        #expect(reparsed.exif?[ExifTag.pixelXDimension]?.type == .short)
        #expect(reparsed.exif?[ExifTag.pixelYDimension]?.type == .long)
        #expect(reparsed.ifd0[ExifTag.imageWidth]?.integers(byteOrder: .littleEndian) == [1308])
        #expect(reparsed.ifd0[ExifTag.imageLength] == nil)  // only updated when present

        try reparsed.setPixelDimensions(width: 70000, height: 980)
        #expect(reparsed.exif?[ExifTag.pixelXDimension]?.type == .long)
        #expect(reparsed.pixelDimensions?.width == 70000)
        #expect(throws: MediaError.self) { try reparsed.setPixelDimensions(width: 0, height: 10) }
    }

    @Test func pixelDimensionsCreateTheExifIFD() throws {
        var exif = ExifMetadata()
        try exif.setPixelDimensions(width: 100, height: 400)
        let reparsed = try ExifMetadata(tiff: try exif.serialized())
        #expect(reparsed.exif?[ExifTag.pixelXDimension]?.type == .long)
        #expect(reparsed.pixelDimensions?.height == 400)
    }

    @Test func thumbnailSetReplaceAndRemove() throws {
        var exif = ExifMetadata.minimal()
        let jpeg: [UInt8] = [0xFF, 0xD8] + Array(repeating: 0x42, count: 101) + [0xFF, 0xD9]
        exif.thumbnail = jpeg
        var reparsed = try ExifMetadata(tiff: try exif.serialized())
        #expect(reparsed.thumbnail == jpeg)
        #expect(reparsed.ifd1?[ExifTag.compression]?.integers(byteOrder: .bigEndian) == [6])

        let smaller: [UInt8] = [0xFF, 0xD8, 0xFF, 0xD9]
        reparsed.thumbnail = smaller
        reparsed = try ExifMetadata(tiff: try reparsed.serialized())
        #expect(reparsed.thumbnail == smaller)

        reparsed.thumbnail = nil
        let bytes = try reparsed.serialized()
        #expect(TIFFByteOrder.bigEndian.uint32(bytes, at: 8 + 2 + 12 * Int(TIFFByteOrder.bigEndian.uint16(bytes, at: 8))) == 0)
        #expect(try ExifMetadata(tiff: bytes).ifd1 == nil)
    }

    @Test func tooLargeForAnAPP1Segment() throws {
        var exif = ExifMetadata.minimal()
        exif.thumbnail = [UInt8](repeating: 0, count: ExifMetadata.maximumSerializedSize)
        #expect {
            try exif.serialized()
        } throws: { ($0 as? MediaError)?.kind == .tooLarge }
    }

    @Test func identifierIsCreatedAddedAndReplaced() throws {
        // No MakerNote: the minimal one is created.
        var exif = ExifMetadata()
        exif.contentIdentifier = Self.identifier
        #expect(try exif.makerNote?.serialized().count == 70)
        #expect(try ExifMetadata(tiff: try exif.serialized()).contentIdentifier == Self.identifier)

        // An Apple MakerNote without 0x0011: the entry is added, others kept.
        var note = AppleMakerNote(contentIdentifier: Self.identifier)
        note.contentIdentifier = nil
        note.directory.set(TIFFEntry(tag: 0x0001, type: .slong, count: 1, value: [0, 0, 0, 12]))
        note.directory.set(TIFFEntry(tag: 0x0002, type: .undefined, count: 6, value: Array("bplist".utf8)))
        exif.makerNote = .apple(note)
        let fresh = ContentIdentifier.random()
        exif.contentIdentifier = fresh
        var reparsed = try ExifMetadata(tiff: try exif.serialized())
        #expect(reparsed.contentIdentifier == fresh)
        #expect(reparsed.makerNote?.apple?.directory[0x0001] == note.directory[0x0001])
        #expect(reparsed.makerNote?.apple?.directory[0x0002] == note.directory[0x0002])

        // An existing 0x0011: the value is replaced.
        reparsed.contentIdentifier = Self.identifier
        reparsed = try ExifMetadata(tiff: try reparsed.serialized())
        #expect(reparsed.contentIdentifier == Self.identifier)
        #expect(reparsed.makerNote?.apple?.directory.entries.count == 3)

        // Another vendor's MakerNote is replaced by Apple's.
        reparsed.makerNote = .opaque(Array("Nikon\0".utf8))
        reparsed.contentIdentifier = fresh
        #expect(try ExifMetadata(tiff: try reparsed.serialized()).contentIdentifier == fresh)
    }
}
