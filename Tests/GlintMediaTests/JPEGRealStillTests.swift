import GlintMedia
import GlintTestSupport
import Testing

@Suite("JPEG structure of real phone stills", .suiteTimeLimit)
struct JPEGRealStillTests {
    @Test(
        "the iPhone 6s still has APP1 Exif, DQT, DRI, SOF0, DHT before SOS",
        .requires(.fixture(SharedFixtures.Name.livePhotoStill))
    )
    func iPhoneStillSegments() throws {
        let bytes = try SharedFixtures.bytes(SharedFixtures.Name.livePhotoStill)
        let file = try JPEGFile(parsing: bytes)
        #expect(
            file.segments.map(\.marker) == [
                JPEGMarker.app1, JPEGMarker.defineQuantizationTables, JPEGMarker.defineRestartInterval,
                JPEGMarker.startOfFrameBaseline, JPEGMarker.defineHuffmanTables,
            ])
        let tiff = try #require(file.exifTIFF)
        #expect(Array(tiff.prefix(4)) == [0x4D, 0x4D, 0x00, 0x2A] || Array(tiff.prefix(4)) == [0x49, 0x49, 0x2A, 0x00])
        #expect(file.xmpPacket == nil)
        #expect(file.endOfImageOffset == bytes.count)
        #expect(file.trailingBytes.isEmpty)
        let header = try JPEGDecoder.readHeader(bytes)
        #expect(header.width == 4032 && header.height == 3024)
        #expect(!header.isProgressive)
    }

    @Test(
        "stripping the iPhone still's metadata and assembling it back gives the same pixels",
        .requires(.fixture(SharedFixtures.Name.livePhotoStill))
    )
    func iPhoneStillReassembles() throws {
        let bytes = try SharedFixtures.bytes(SharedFixtures.Name.livePhotoStill)
        let file = try JPEGFile(parsing: bytes)
        var bare: [UInt8] = [0xFF, JPEGMarker.startOfImage]
        for segment in file.segments where !segment.isApplication {
            segment.append(to: &bare)
        }
        bare += bytes[file.imageDataRange]
        let tiff = try #require(file.exifTIFF)
        let assembled = try JPEGAssembler.assemble(encoded: bare, segments: [.exif(tiff)])
        #expect(assembled == bytes)
        let original = try JPEGDecoder.decode(bytes, scaleDenominator: 1)
        let reassembled = try JPEGDecoder.decode(assembled, scaleDenominator: 1)
        #expect(original.width == 4032 && original.height == 3024)
        #expect(original == reassembled)
        let thumbnail = try JPEGDecoder.decode(bytes, scaleDenominator: 8)
        #expect(thumbnail.width == 504 && thumbnail.height == 378)
    }

    @Test(
        "the Pixel 8 Ultra HDR JPEG exposes ICC, XMP, MPF and its appended gain map",
        .requires(.fixture(SharedFixtures.Name.motionPhotoStill))
    )
    func pixelUltraHDRMetadata() throws {
        let bytes = try SharedFixtures.bytes(SharedFixtures.Name.motionPhotoStill)
        let file = try JPEGFile(parsing: bytes)
        #expect(file.exifTIFF != nil)
        #expect(file.xmpString?.contains("Item:Semantic=\"GainMap\"") == true)
        let profile = try #require(try file.iccProfile())
        #expect(profile.count > 128)
        let mpf = try #require(file.mpfPayload)
        let mpfOffset = try #require(file.mpfHeaderOffset)
        #expect(Array(bytes[mpfOffset..<(mpfOffset + 4)]) == Array(mpf.prefix(4)))
        #expect(file.trailingBytes.count == 9554)  // Item:Length of the GainMap in the XMP
        #expect(Array(file.trailingBytes.prefix(2)) == [0xFF, 0xD8])
        let gainMap = try JPEGFile(parsing: Array(file.trailingBytes))
        #expect(gainMap.endOfImageOffset > 0)
    }
}
