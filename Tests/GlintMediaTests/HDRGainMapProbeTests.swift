import Foundation
import GlintProbe
import GlintTestSupport
import Testing

@testable import GlintMedia

/// `glint inspect`'s gain map report (``HDRGainMapProbe``) on the shared phone files, and on
/// copies damaged where a map is described: every one a report with a warning, never an error.
@Suite("HDR gain map inspection", .suiteTimeLimit)
struct HDRGainMapProbeTests {
    static let train = "hdr/ultrahdr-train.jpg"

    static func report(_ path: String) throws -> HDRGainMapReport? {
        let file = try RandomAccessFile(path: path)
        return HDRGainMapInspection.report(try StillImageReader.read(file: file), file: file)
    }

    static func report(bytes: [UInt8], name: String = "built.jpg") throws -> HDRGainMapReport? {
        let directory = try TemporaryDirectory()
        let path = directory.file(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return try report(path)
    }

    @Test("an iPhone 12 Pro HEIC: Apple map version 1.0, 2016x1512 grey, headroom from the MakerNote")
    func appleHEIC() throws {
        let hdr = try #require(try Self.report(SharedFixtures.path(SharedFixtures.Name.heicStill)))
        #expect(hdr.forms == [.apple])
        #expect(hdr.appleVersion == "1.0")
        #expect(hdr.mapWidth == 2016 && hdr.mapHeight == 1512 && hdr.mapChannels == 1)
        #expect(hdr.headroomSource == .makerNote)
        // MakerNote 0x0021 = 1.686418056 (>= 1), 0x0030 = 0.006016 (<= 0.01): 2^(3 - 70 x 0.006016).
        #expect(abs(try #require(hdr.headroom) - Foundation.pow(2, 3 - 70 * 0.006016007629)) < 1e-6)
        #expect(hdr.warnings.isEmpty)
    }

    @Test("a Pixel 8 JPEG: Ultra HDR 1.0 with a flat map (GainMapMax 0)")
    func pixel8() throws {
        let hdr = try #require(try Self.report(SharedFixtures.path("motionphoto/pixel_8.jpg")))
        #expect(hdr.forms == [.ultraHDR])
        #expect(hdr.ultraHDRVersion == "1.0")
        #expect(hdr.mapWidth == 744 && hdr.mapHeight == 988 && hdr.mapChannels == 1)
        #expect(hdr.ultraHDR?.gainMapMax == [0])
        #expect(hdr.warnings.isEmpty)
    }

    @Test("libultrahdr's train: Ultra HDR and ISO 21496-1 on the map, the two sets of parameters agreeing")
    func ultraHDRWithISO() throws {
        let hdr = try #require(try Self.report(SharedFixtures.path(Self.train)))
        #expect(hdr.forms == [.ultraHDR, .iso21496])
        #expect(hdr.mapWidth == 500 && hdr.mapHeight == 375)
        let xmp = try #require(hdr.ultraHDR)
        let iso = try #require(hdr.iso21496)
        #expect(xmp.gainMapMax == [3.40181] && xmp.gainMapMin == [-0.0470886] && xmp.hdrCapacityMax == 5.62238)
        #expect(abs(iso.gainMapMax[0] - 3.40181) < 1e-5 && abs(iso.hdrCapacityMax - 5.62238) < 1e-5)
        #expect(abs(try #require(hdr.headroom) - Foundation.pow(2, 5.62238)) < 1e-9)
        #expect(hdr.headroomSource == .hdrgm)
    }

    @Test("a plain JPEG and a PNG have no map")
    func noMap() throws {
        #expect(try Self.report(SharedFixtures.path(SharedFixtures.Name.livePhotoStill)) == nil)
    }

    @Test("damaged maps are warnings: MPF past the end, hdrgm not a number, ISO version 7, map not a JPEG")
    func damaged() throws {
        let source = Array(try Data(contentsOf: SharedFixtures.url(Self.train)))
        let mapStart = 1_094_626

        let cut = try #require(try Self.report(bytes: Array(source[..<(mapStart + 100)])))
        #expect(cut.warnings.contains { $0.contains("past the end") }, "\(cut.warnings)")
        #expect(cut.warnings.contains { $0.contains("no MPF image holds one") })

        let nan = try #require(try Self.report(bytes: Self.replacing("hdrgm:GainMapMax=\"3.40181\"", with: "hdrgm:GainMapMax=\"x3.4018\"", in: source)))
        #expect(nan.forms.contains(.ultraHDR) && nan.ultraHDR == nil)
        #expect(nan.warnings.contains { $0.contains("GainMapMax is not a number") }, "\(nan.warnings)")

        var version = source
        let urn = try #require(version[mapStart...].firstRange(of: ISO21496Metadata.urn))
        version[urn.upperBound + 1] = 7
        let iso = try #require(try Self.report(bytes: version))
        #expect(iso.iso21496 == nil && iso.warnings.contains { $0.contains("needs version 7") }, "\(iso.warnings)")

        var garbage = source
        for index in mapStart..<(mapStart + 64) { garbage[index] = 0x5A }
        let notJPEG = try #require(try Self.report(bytes: garbage))
        #expect(notJPEG.warnings.contains { $0.contains("MPF image 2") }, "\(notJPEG.warnings)")
    }

    static func replacing(_ text: String, with other: String, in bytes: [UInt8]) throws -> [UInt8] {
        let range = try #require(bytes.firstRange(of: Array(text.utf8)))
        precondition(text.utf8.count == other.utf8.count, "same length keeps the segment lengths")
        var result = bytes
        result.replaceSubrange(range, with: Array(other.utf8))
        return result
    }

    @Test("ISO 21496-1 metadata written and read back; common-denominator and 3-channel forms read")
    func isoRoundTrip() throws {
        let parameters = GainMapParameters(
            gainMapMin: [-0.5, 0, 0.25], gainMapMax: [2, 3, 3.5], gamma: [1, 1.5, 2], offsetSDR: [1.0 / 64], offsetHDR: [1.0 / 64],
            hdrCapacityMin: 0, hdrCapacityMax: 3.5)
        let read = try ISO21496Metadata(ISO21496Metadata(parameters: parameters).serialized[...])
        let back = try #require(read.parameters)
        for (a, b) in zip([back.gainMapMin, back.gainMapMax, back.gamma].joined(), [parameters.gainMapMin, parameters.gainMapMax, parameters.gamma].joined()) {
            #expect(abs(a - b) < 1e-6)
        }
        #expect(back.offsetSDR.count == 3 && abs(back.hdrCapacityMax - 3.5) < 1e-6)
        // Common denominator 4: headrooms 0 and 8/4, min -1/4, max 8/4, gamma 4/4, offsets 0.
        let common: [UInt8] = [0, 0, 0, 0, 0x08] + [4, 0, 8].flatMap(Self.be32) + [-1, 8, 4, 0, 0].flatMap(Self.be32)
        let small = try #require(try ISO21496Metadata(common[...]).parameters)
        #expect(small.gainMapMin == [-0.25] && small.gainMapMax == [2] && small.hdrCapacityMax == 2)
        #expect(throws: MediaError.self) { try ISO21496Metadata([0, 0, 0, 0, 0x08, 0, 0, 0, 0][...]) }
        #expect(throws: MediaError.self) { try ISO21496Metadata([0, 0, 0, 0, 0x00, 0, 0, 0, 1][...]) }
    }

    static func be32(_ value: Int32) -> [UInt8] { withUnsafeBytes(of: value.bigEndian, Array.init) }

    @Test("hdrgm read as elements and as per-channel rdf:Seq lists, and with another prefix")
    func xmpForms() throws {
        let packet = """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description xmlns:g="http://ns.adobe.com/hdr-gain-map/1.0/"><g:Version>1.0</g:Version>
            <g:GainMapMax><rdf:Seq><rdf:li>1</rdf:li><rdf:li>2</rdf:li><rdf:li>3</rdf:li></rdf:Seq></g:GainMapMax>
            <g:HDRCapacityMax>2.5</g:HDRCapacityMax></rdf:Description></rdf:RDF></x:xmpmeta>
            """
        let properties = try #require(GainMapXMP.properties(Array(packet.utf8)))
        #expect(properties.ultraHDRVersion == "1.0")
        #expect(properties.ultraHDR?.gainMapMax == [1, 2, 3] && properties.ultraHDR?.hdrCapacityMax == 2.5)
        #expect(properties.ultraHDR?.offsetSDR == [1.0 / 64])
        let missing = try #require(GainMapXMP.properties(Array(packet.replacingOccurrences(of: "HDRCapacityMax", with: "Other").utf8)))
        #expect(missing.ultraHDR == nil && missing.ultraHDRProblem == "hdrgm:HDRCapacityMax is missing")
    }

    @Test("Apple's headroom formula and its inverse for MakerNote writing")
    func appleHeadroom() {
        #expect(abs(AppleHDRHeadroom.headroom(maker33: 0.5, maker48: 0.005) - Foundation.pow(2, 1.7)) < 1e-9)
        #expect(abs(AppleHDRHeadroom.headroom(maker33: 0.5, maker48: 0.5) - Foundation.pow(2, 1.5505)) < 1e-9)
        #expect(AppleHDRHeadroom.headroom(maker33: 1.2, maker48: 100) == 1)
        for headroom in [1.0, 1.5, 3, 4.9, 5, 6, 7.99, 8] {
            let values = AppleHDRHeadroom.makerNoteValues(headroom: headroom)
            #expect(abs(AppleHDRHeadroom.headroom(maker33: values.maker33, maker48: values.maker48) - headroom) < 1e-9)
        }
    }
}

/// A colour gain map (three channels, a value per channel) written and read back.
@Suite("Colour gain maps", .suiteTimeLimit)
struct ColourGainMapTests {
    @Test("per-channel hdrgm parameters are written as rdf:Seq lists and read back, the map as three channels")
    func perChannel() throws {
        var picture = RGBImage(width: 64, height: 48)
        for i in stride(from: 0, to: picture.pixels.count, by: 3) { (picture.pixels[i], picture.pixels[i + 1], picture.pixels[i + 2]) = (120, 90, 60) }
        var mapImage = RGBImage(width: 32, height: 24)
        for i in stride(from: 0, to: mapImage.pixels.count, by: 3) { (mapImage.pixels[i], mapImage.pixels[i + 1], mapImage.pixels[i + 2]) = (200, 100, 30) }
        let parameters = GainMapParameters(gainMapMin: [0, 0.1, 0.2], gainMapMax: [2, 2.5, 3], hdrCapacityMax: 3)
        let primary = try JPEGAssembler.assemble(encoded: try JPEGEncoder.encode(picture, quality: 95), segments: [])
        let bytes = try GainMapJPEGWriter.attach(
            GainMap(image: mapImage, channels: 3, encoding: .logarithmic(parameters)), form: .init(kind: .ultraHDR, iso21496: true), to: primary)
        let directory = try TemporaryDirectory()
        let path = directory.file("colour.jpg").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let file = try RandomAccessFile(path: path)
        let still = try StillImageReader.read(file: file)
        let found = try #require(HDRGainMapInspection.found(still, file: file))
        #expect(found.report.mapChannels == 3 && found.report.warnings.isEmpty, "\(found.report)")
        #expect(found.report.ultraHDR?.gainMapMax == [2, 2.5, 3] && found.report.ultraHDR?.gainMapMin == [0, 0.1, 0.2])
        #expect(found.report.iso21496?.gainMapMax.count == 3)
        let map = try GainMapReader.read(still, found: found)
        #expect(map.channels == 3)
        let pixel = map.image[10, 10]
        #expect(abs(Int(pixel.r) - 200) < 4 && abs(Int(pixel.g) - 100) < 4 && abs(Int(pixel.b) - 30) < 4)
    }
}
