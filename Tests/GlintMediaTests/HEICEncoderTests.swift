import Foundation
import GlintMedia
import GlintTestSupport
import Testing

/// Writing HEIC with libheif/x265 and reading it back, with Glint and with exiftool.
@Suite("HEIC encoding and metadata round trips", .suiteTimeLimit)
struct HEICEncoderTests {
    static let identifier = ContentIdentifier("8C1F3B52-4E2A-4F0D-9B7E-3A6C5D2E1F00")!
    static let xmp = Array(
        #"<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmp:CreatorTool="Glint tests"/></rdf:RDF></x:xmpmeta>"#
            .utf8)

    static func exif() -> ExifMetadata {
        var exif = ExifMetadata.minimal(contentIdentifier: identifier)
        exif.ifd0.set(.ascii(tag: ExifTag.make, "Glint"))
        return exif
    }

    @Test(
        "EXIF with the Apple MakerNote, XMP and ICC come back from Glint's reader, and pixels stay close",
        .requires(.fixture(SharedFixtures.Name.heicStill), .exiftool))
    func roundTrip() throws {
        let picture = HEICTestFiles.ramp()
        // The iPhone's Display P3 profile.
        let icc = try #require(try HEICStill(path: SharedFixtures.heicStill).iccProfile)
        let bytes = try HEICEncoder.encode(
            picture, metadata: .init(exif: Self.exif(), xmp: Self.xmp, colourProfile: HEICColourProfile(icc: icc)),
            settings: .init(quality: 90, preset: "ultrafast"))
        let directory = try TemporaryDirectory("glint-heic")
        defer { directory.remove() }
        let path = try HEICTestFiles.write(bytes, named: "ramp.heic", in: directory.url)

        let still = try HEICStill(path: path)
        #expect(still.width == 96 && still.height == 64)
        #expect(still.exif?.contentIdentifier == Self.identifier)
        #expect(still.xmpPacket == Self.xmp)
        #expect(still.iccProfile == icc)
        #expect(still.colourProfile.iccType == .icc)
        let decoded = try still.decode()
        let difference = ColourDifference.meanCIEDE2000(picture, decoded)
        #expect(difference < 1.5, "decoded pixels are \(difference) ΔE00 from what was encoded")

        let exiftool = try #require(MediaToolsForHEIC.exiftool)
        let tags = try MediaToolsForHEIC.tags(exiftool, path)
        #expect(tags["File:FileType"] as? String == "HEIC")
        let read = (tags["Apple:ContentIdentifier"] ?? tags["Apple:MediaGroupUUID"]) as? String
        #expect(read == Self.identifier.rawValue, "exiftool reads \(String(describing: read)); tags: \(tags.keys.sorted())")
        #expect(tags["IFD0:Make"] as? String == "Glint")
        #expect(tags["XMP-xmp:CreatorTool"] as? String == "Glint tests")
        #expect(tags["ICC_Profile:ProfileDescription"] as? String == "Display P3")
    }

    @Test(
        "nclx code points are written and read back, alone and beside an ICC profile",
        .requires(.fixture(SharedFixtures.Name.heicStill)), arguments: [false, true])
    func nclxRoundTrip(withICC: Bool) throws {
        // Beside the iPhone's Display P3 profile.
        let icc: [UInt8]? = withICC ? try HEICStill(path: SharedFixtures.heicStill).iccProfile : nil
        let profile = HEICColourProfile(icc: icc, nclx: .displayP3)
        let bytes = try HEICEncoder.encode(
            HEICTestFiles.ramp(), metadata: .init(colourProfile: profile),
            settings: .init(quality: 80, preset: "ultrafast"))
        let directory = try TemporaryDirectory("glint-heic")
        defer { directory.remove() }
        let still = try HEICStill(path: try HEICTestFiles.write(bytes, named: "p3.heic", in: directory.url))
        #expect(still.nclxProfile == .displayP3)
        #expect(still.iccProfile == icc)
        #expect(ColourDifference.meanCIEDE2000(HEICTestFiles.ramp(), try still.decode()) < 2)
    }

    @Test("a 10-bit HEIC decodes to 8-bit RGB with the right values")
    func tenBitSource() throws {
        let directory = try TemporaryDirectory("glint-heic")
        defer { directory.remove() }
        let still = try HEICStill(path: try HEICTestFiles.write(try HEICTestFiles.tenBit(), named: "ten.heic", in: directory.url))
        #expect(still.bitDepth == 10)
        let decoded = try still.decode()
        #expect(decoded.width == 96 && decoded.height == 64)
        let difference = ColourDifference.meanCIEDE2000(HEICTestFiles.ramp(), decoded)
        #expect(difference < 2, "the 10-bit ramp decodes \(difference) ΔE00 away from the 8-bit one")
    }

    @Test("an edited HEIC given an EXIF orientation is stored upright with orientation 1", .requires(.exiftool))
    func orientationIsApplied() throws {
        let directory = try TemporaryDirectory("glint-heic")
        defer { directory.remove() }
        let source = try HEICTestFiles.write(
            try HEICEncoder.encode(HEICTestFiles.ramp(), settings: .init(preset: "ultrafast")),
            named: "source.heic", in: directory.url)
        let still = try HEICStill(path: source)
        // 96x64 stored pixels that EXIF says to turn 90 degrees clockwise: 64x96 displayed.
        var exif = ExifMetadata.minimal(orientation: .right)
        let bytes = try still.encodeEdited(HEICTestFiles.ramp(), exif: exif, encoding: StillEncoding(heic: .init(preset: "ultrafast")))
        let written = try HEICStill(path: try HEICTestFiles.write(bytes, named: "turned.heic", in: directory.url))
        #expect(written.width == 64 && written.height == 96)
        #expect(written.storedExifOrientation == .up)
        exif.orientation = .up
        let expected = HEICTestFiles.ramp().transformed(by: .right)
        #expect(ColourDifference.meanCIEDE2000(expected, try written.decode()) < 1.5)
        let exiftool = try #require(MediaToolsForHEIC.exiftool)
        let tags = try MediaToolsForHEIC.tags(exiftool, written.path)
        #expect(tags["IFD0:Orientation"] as? String == "Horizontal (normal)", "\(String(describing: tags["IFD0:Orientation"]))")
        #expect(tags["QuickTime:Rotation"] == nil, "no irot is written")
    }

    @Test("bad settings are refused before encoding")
    func badSettings() throws {
        #expect(throws: MediaError.self) { try HEICEncoder.encode(HEICTestFiles.ramp(), settings: .init(quality: 0)) }
        #expect(throws: MediaError.self) { try HEICEncoder.encode(HEICTestFiles.ramp(), settings: .init(preset: "warp")) }
    }
}

/// exiftool, run on one file.
enum MediaToolsForHEIC {
    static let exiftool = ExternalTool.find("exiftool")

    /// `exiftool -j -a -G1 file`, keyed `Group:Tag`.
    static func tags(_ tool: URL, _ path: String) throws -> [String: Any] {
        let run = try ExternalTool.run(tool, ["-j", "-a", "-G1", path])
        try #require(run.succeeded, "\(run.summary)")
        let array = try #require(try JSONSerialization.jsonObject(with: run.stdout) as? [[String: Any]])
        return try #require(array.first)
    }
}
