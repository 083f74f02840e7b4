import Foundation
import GlintTestSupport
import Testing

@testable import GlintMedia

/// The Apple MakerNote: the minimal layout from the spec, real notes, hostile notes.
@Suite(.suiteTimeLimit)
struct AppleMakerNoteTests {
    static let identifier = ContentIdentifier("E905E6C6-C747-4805-942F-9904A0281F02")!

    @Test func minimalMakerNoteIsTheSeventyBytesOfTheSpec() throws {
        let bytes = try AppleMakerNote(contentIdentifier: Self.identifier).serialized()
        var expected: [UInt8] = Array("Apple iOS".utf8) + [0, 0x00, 0x01] + Array("MM".utf8)
        expected += [0x00, 0x01]
        expected += [0x00, 0x11, 0x00, 0x02, 0x00, 0x00, 0x00, 0x25, 0x00, 0x00, 0x00, 0x20]
        expected += [0x00, 0x00, 0x00, 0x00]
        expected += Array(Self.identifier.rawValue.utf8) + [0]
        expected += [0]  // word alignment
        #expect(bytes.count == 70)
        #expect(bytes == expected)
        let parsed = try AppleMakerNote(bytes: bytes)
        #expect(parsed.contentIdentifier == Self.identifier)
        #expect(parsed.livePhotoVideoIndex == nil)
    }

    @Test func setIdentifierWritesCountWithNUL() throws {
        var note = AppleMakerNote(contentIdentifier: Self.identifier)
        note.contentIdentifier = ContentIdentifier("short-id")
        let entry = try #require(note.directory[AppleMakerNote.contentIdentifierTag])
        #expect(entry.type == .ascii)
        #expect(entry.count == 9)
        #expect(entry.value.last == 0)
        #expect(try AppleMakerNote(bytes: note.serialized()).contentIdentifier?.rawValue == "short-id")
    }

    @Test(.requires(.sharedFixtures))
    func realMakerNoteRoundTripsAndKeepsItsEntries() throws {
        let exif = try ExifMetadata(tiff: try #require(ExifTestFiles.exifTIFF(of: try ExifTestFiles.realStill())))
        let note = try #require(exif.makerNote?.apple)
        #expect(note.version == 1)
        #expect(note.byteOrder == .bigEndian)
        #expect(note.livePhotoVideoIndex == 0)
        let reparsed = try AppleMakerNote(bytes: note.serialized())
        #expect(reparsed == note)

        var edited = note
        edited.contentIdentifier = ContentIdentifier("11111111-2222-3333-4444-555555555555")
        let after = try AppleMakerNote(bytes: edited.serialized())
        #expect(after.contentIdentifier?.rawValue == "11111111-2222-3333-4444-555555555555")
        #expect(after.directory.entries.count == note.directory.entries.count)
        for entry in note.directory.entries where entry.tag != AppleMakerNote.contentIdentifierTag {
            #expect(after.directory[entry.tag] == entry)
        }
    }

    @Test(.requires(.sharedFixtures))
    func syntheticStillMakerNoteIsRead() throws {
        let jpeg = try SharedFixtures.bytes(SharedFixtures.Name.mismatchedStill)
        let exif = try ExifMetadata(tiff: try #require(ExifTestFiles.exifTIFF(of: jpeg)))
        #expect(exif.contentIdentifier?.rawValue.hasPrefix("E5B787E0-") == true)
    }

    @Test func hostileMakerNotesThrow() throws {
        let good = try AppleMakerNote(contentIdentifier: Self.identifier).serialized()
        func kind(_ bytes: [UInt8]) -> MediaError.Kind? {
            do {
                _ = try AppleMakerNote(bytes: bytes)
                return nil
            } catch let error as MediaError { return error.kind } catch { return nil }
        }
        #expect(kind(Array(good.prefix(12))) == .truncated)
        #expect(kind(Array(good.prefix(20))) == .truncated)
        #expect(kind(Array(good.prefix(40))) == .truncated)  // value cut off
        var version = good
        version[11] = 2
        #expect(kind(version) == .unsupported)
        var marker = good
        marker[12] = 0x41
        #expect(kind(marker) == .corrupt)
        var offset = good
        offset[24...27] = [0x00, 0x00, 0x10, 0x00]
        #expect(kind(offset) == .corrupt)
        var count = good
        count[20...23] = [0xFF, 0xFF, 0xFF, 0xFF]
        #expect(kind(count) == .corrupt)
        #expect(kind(Array("Nikon\0\u{2}\u{0}MM".utf8) + [0, 0, 0, 0]) == .corrupt)
        // Unparseable Apple notes are kept as opaque blobs.
        #expect(ExifMakerNote(bytes: version) == .opaque(version))
    }
}
