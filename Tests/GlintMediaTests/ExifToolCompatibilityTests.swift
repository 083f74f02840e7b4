import Foundation
import GlintTestSupport
import Testing

@testable import GlintMedia

/// What Glint writes, read back by exiftool: the reference reader of EXIF and Apple MakerNotes.
@Suite(
    "EXIF written by Glint, read by exiftool",
    .requires(.sharedFixtures, .exiftool), .suiteTimeLimit)
struct ExifToolCompatibilityTests {
    /// The real still with its EXIF segment replaced by `exif` re-serialised.
    static func realStill(with exif: ExifMetadata) throws -> [UInt8] {
        ExifTestFiles.replacingExif(in: try ExifTestFiles.realStill(), with: try exif.serialized())
    }

    static func realExif() throws -> ExifMetadata {
        try ExifMetadata(tiff: try #require(ExifTestFiles.exifTIFF(of: try ExifTestFiles.realStill())))
    }

    /// Tags that must read the same from the original and the rewritten still.
    static let carriedTags = [
        "IFD0:Make", "IFD0:Model", "IFD0:Orientation", "IFD0:Software", "IFD0:ModifyDate",
        "ExifIFD:DateTimeOriginal", "ExifIFD:LensModel", "ExifIFD:ExifImageWidth", "ExifIFD:ExifImageHeight",
        "GPS:GPSLatitude", "GPS:GPSLatitudeRef", "GPS:GPSLongitude", "GPS:GPSLongitudeRef", "GPS:GPSAltitude",
        "GPS:GPSDateStamp", "GPS:GPSImgDirection",
        "IFD1:ThumbnailLength", "IFD1:ThumbnailImage", "IFD1:Compression",
        "Apple:MakerNoteVersion", "Apple:RunTimeValue", "Apple:AccelerationVector", "Apple:LivePhotoVideoIndex",
        "Apple:FocusPosition",
    ]

    @Test func reserialisedStillKeepsEveryCheckedTag() throws {
        let original = try ExifTestFiles.exiftoolTags(ofJPEG: try ExifTestFiles.realStill())
        let rewritten = try ExifTestFiles.exiftoolTags(ofJPEG: try Self.realStill(with: try Self.realExif()))
        #expect(rewritten["ExifTool:Warning"] == nil, "exiftool warns: \(rewritten["ExifTool:Warning"] ?? "")")
        #expect(ExifTestFiles.identifier(in: rewritten) == ExifTestFiles.realStillIdentifier)
        for tag in Self.carriedTags {
            #expect(original[tag] != nil, "original lacks \(tag)")
            #expect("\(rewritten[tag] ?? "missing")" == "\(original[tag] ?? "missing")", "\(tag) changed")
        }
        #expect(rewritten["IFD0:Orientation"] as? String == "Horizontal (normal)")
        #expect(rewritten["IFD1:ThumbnailLength"] as? Int == 8612)
        #expect(rewritten["IFD0:Make"] as? String == "Apple")
        #expect(rewritten["IFD0:Model"] as? String == "iPhone 6s")
    }

    @Test func newIdentifierIsReadByExiftool() throws {
        var exif = try Self.realExif()
        let identifier = ContentIdentifier.random()
        exif.contentIdentifier = identifier
        exif.orientation = .right
        let tags = try ExifTestFiles.exiftoolTags(ofJPEG: try Self.realStill(with: exif))
        #expect(tags["ExifTool:Warning"] == nil, "exiftool warns: \(tags["ExifTool:Warning"] ?? "")")
        #expect(ExifTestFiles.identifier(in: tags) == identifier.rawValue)
        #expect(tags["IFD0:Orientation"] as? String == "Rotate 90 CW")
        #expect(tags["GPS:GPSLatitude"] != nil)
        #expect(tags["Apple:LivePhotoVideoIndex"] as? Int == 0)
        #expect(tags["IFD1:ThumbnailLength"] as? Int == 8612)
    }

    @Test func recreatedMakerNoteIsReadByExiftool() throws {
        var exif = try Self.realExif()
        exif.makerNote = nil
        let stripped = try ExifTestFiles.exiftoolTags(ofJPEG: try Self.realStill(with: exif))
        #expect(ExifTestFiles.identifier(in: stripped) == nil)

        let identifier = ContentIdentifier.random()
        exif.contentIdentifier = identifier
        #expect(try exif.makerNote?.serialized().count == 70)
        let tags = try ExifTestFiles.exiftoolTags(ofJPEG: try Self.realStill(with: exif))
        #expect(tags["ExifTool:Warning"] == nil, "exiftool warns: \(tags["ExifTool:Warning"] ?? "")")
        #expect(ExifTestFiles.identifier(in: tags) == identifier.rawValue)
        #expect(tags["GPS:GPSLongitude"] != nil)
        #expect(tags["IFD0:Model"] as? String == "iPhone 6s")
    }

    @Test func stillWithoutExifGetsAMinimalBlock() throws {
        // normalphoto.jpg is in fact a PNG, so strip the EXIF from a small real JPEG instead.
        let bare = ExifTestFiles.strippingExif(from: try SharedFixtures.bytes(SharedFixtures.Name.mismatchedStill))
        #expect(ExifTestFiles.exifTIFF(of: bare) == nil)
        let before = try ExifTestFiles.exiftoolTags(ofJPEG: bare)
        #expect(ExifTestFiles.identifier(in: before) == nil)

        let identifier = ContentIdentifier.random()
        let exif = ExifMetadata.minimal(orientation: .left, contentIdentifier: identifier)
        let tags = try ExifTestFiles.exiftoolTags(ofJPEG: ExifTestFiles.replacingExif(in: bare, with: try exif.serialized()))
        #expect(tags["ExifTool:Warning"] == nil, "exiftool warns: \(tags["ExifTool:Warning"] ?? "")")
        #expect(ExifTestFiles.identifier(in: tags) == identifier.rawValue)
        #expect(tags["IFD0:Orientation"] as? String == "Rotate 270 CW")
        #expect(tags["ExifIFD:ExifVersion"] != nil)
        #expect(tags["File:ExifByteOrder"] as? String == "Big-endian (Motorola, MM)")
    }

    @Test func littleEndianMinimalBlockIsReadByExiftool() throws {
        let bare = ExifTestFiles.strippingExif(from: try SharedFixtures.bytes(SharedFixtures.Name.mismatchedStill))
        let identifier = ContentIdentifier.random()
        var exif = ExifMetadata.minimal(orientation: .down, contentIdentifier: identifier, byteOrder: .littleEndian)
        try exif.setPixelDimensions(width: 750, height: 1334)
        let tags = try ExifTestFiles.exiftoolTags(ofJPEG: ExifTestFiles.replacingExif(in: bare, with: try exif.serialized()))
        #expect(tags["ExifTool:Warning"] == nil, "exiftool warns: \(tags["ExifTool:Warning"] ?? "")")
        #expect(ExifTestFiles.identifier(in: tags) == identifier.rawValue)
        #expect(tags["IFD0:Orientation"] as? String == "Rotate 180")
        #expect(tags["ExifIFD:ExifImageWidth"] as? Int == 750)
        #expect(tags["File:ExifByteOrder"] as? String == "Little-endian (Intel, II)")
    }
}
