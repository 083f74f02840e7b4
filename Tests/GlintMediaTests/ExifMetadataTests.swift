import Foundation
import GlintTestSupport
import Testing

@testable import GlintMedia

/// Reading and round-tripping the EXIF of a real iPhone still.
@Suite("EXIF metadata of a real iPhone still", .requires(.sharedFixtures), .suiteTimeLimit)
struct ExifMetadataTests {
    @Test func firstSegmentAfterSOIIsAPP1Exif() throws {
        let jpeg = try ExifTestFiles.realStill()
        let first = try #require(ExifTestFiles.headerSegments(of: jpeg).first)
        #expect(first.marker == 0xE1)
        #expect(ExifTestFiles.isExif(first, in: jpeg))
    }

    @Test func readsIdentifierGPSOrientationAndThumbnail() throws {
        let tiff = try #require(ExifTestFiles.exifTIFF(of: try ExifTestFiles.realStill()))
        let exif = try ExifMetadata(tiff: tiff)
        #expect(exif.byteOrder == .bigEndian)
        #expect(exif.contentIdentifier?.rawValue == ExifTestFiles.realStillIdentifier)
        #expect(exif.hasGPS)
        #expect(exif.orientation == .up)
        let thumbnail = try #require(exif.thumbnail)
        #expect(thumbnail.count == 8612)
        #expect(thumbnail.starts(with: [0xFF, 0xD8]))
        #expect(exif.ifd0[ExifTag.make]?.string == "Apple")
        #expect(exif.ifd0[ExifTag.model]?.string == "iPhone 6s")
        #expect(exif.pixelDimensions?.width == 4032)
        #expect(exif.pixelDimensions?.height == 3024)
        #expect(exif.livePhotoVideoIndex == 0)
        #expect(exif.makerNote?.apple?.directory.entries.count == 23)
        #expect(exif.exif?.entries.count == 34)  // 35 less the MakerNote
    }

    @Test func parseSerialiseParseKeepsEveryEntry() throws {
        let tiff = try #require(ExifTestFiles.exifTIFF(of: try ExifTestFiles.realStill()))
        let original = try ExifMetadata(tiff: tiff)
        let bytes = try original.serialized()
        let reparsed = try ExifMetadata(tiff: bytes)
        #expect(reparsed == original)
        #expect(reparsed.ifd0 == original.ifd0)
        #expect(reparsed.exif == original.exif)
        #expect(reparsed.gps == original.gps)
        #expect(reparsed.interoperability == original.interoperability)
        #expect(reparsed.ifd1 == original.ifd1)
        #expect(reparsed.makerNote == original.makerNote)
        #expect(reparsed.thumbnail == original.thumbnail)
        // Writing is deterministic: a second round gives the same bytes.
        #expect(try reparsed.serialized() == bytes)
        #expect(bytes.count <= ExifMetadata.maximumSerializedSize)
    }

    @Test func settingANewIdentifierKeepsTheOtherMakerNoteEntries() throws {
        let tiff = try #require(ExifTestFiles.exifTIFF(of: try ExifTestFiles.realStill()))
        var exif = try ExifMetadata(tiff: tiff)
        let before = try #require(exif.makerNote?.apple)
        let identifier = ContentIdentifier.random()
        exif.contentIdentifier = identifier
        let reparsed = try ExifMetadata(tiff: try exif.serialized())
        #expect(reparsed.contentIdentifier == identifier)
        let after = try #require(reparsed.makerNote?.apple)
        #expect(after.directory.entries.count == before.directory.entries.count)
        for entry in before.directory.entries where entry.tag != AppleMakerNote.contentIdentifierTag {
            #expect(after.directory[entry.tag] == entry)
        }
    }

    @Test func removingGPSAndThumbnail() throws {
        let tiff = try #require(ExifTestFiles.exifTIFF(of: try ExifTestFiles.realStill()))
        var exif = try ExifMetadata(tiff: tiff)
        exif.removeGPS()
        exif.thumbnail = nil
        let reparsed = try ExifMetadata(tiff: try exif.serialized())
        #expect(!reparsed.hasGPS)
        #expect(reparsed.thumbnail == nil)
        #expect(reparsed.ifd1 == nil)
        #expect(reparsed.contentIdentifier?.rawValue == ExifTestFiles.realStillIdentifier)
    }
}
