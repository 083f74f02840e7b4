import GlintTestSupport
import Testing

@testable import GlintMedia

@Suite("JPEG region decoding", .suiteTimeLimit)
struct JPEGRegionDecodeTests {
    static let encoded: [UInt8] = {
        try! JPEGEncoder.encode(JPEGTestImages.colorful(width: 333, height: 250), quality: 90)
    }()

    @Test(arguments: [1, 2, 4])
    func aRegionIsExactlyThatPartOfTheWholePicture(denominator: Int) throws {
        let whole = try JPEGDecoder.decode(Self.encoded, scaleDenominator: denominator)
        for region in [
            PixelRect(x: 0, y: 0, width: whole.width, height: whole.height),
            PixelRect(x: 13, y: 7, width: whole.width / 2, height: whole.height / 3),
            PixelRect(x: whole.width - 21, y: whole.height - 9, width: 21, height: 9),
            PixelRect(x: 16, y: 16, width: 32, height: 1),
        ] {
            let part = try JPEGDecoder.decode(Self.encoded, scaleDenominator: denominator, region: region)
            var expected = whole
            try expected.crop(to: region)
            #expect(part == expected, "1/\(denominator) \(region)")
        }
    }

    @Test func aRegionOutsideThePictureIsRefused() {
        #expect(
            JPEGTestImages.errorKind {
                _ = try JPEGDecoder.decode(Self.encoded, region: PixelRect(x: 300, y: 0, width: 40, height: 10))
            } == .invalidArgument)
    }

    @Test("a file cut after the region is still .truncated")
    func truncationAfterTheRegionIsFound() {
        let truncated = Array(Self.encoded.prefix(Self.encoded.count * 2 / 3))
        #expect(
            JPEGTestImages.errorKind {
                _ = try JPEGDecoder.decode(truncated, region: PixelRect(x: 0, y: 0, width: 100, height: 20))
            } == .truncated)
    }

    @Test func progressiveFilesDecodeRegionsToo() throws {
        let progressive = JPEGSampleFiles.progressiveRGB24x16
        let whole = try JPEGDecoder.decode(progressive)
        let region = PixelRect(x: 5, y: 3, width: 12, height: 9)
        var expected = whole
        try expected.crop(to: region)
        #expect(try JPEGDecoder.decode(progressive, region: region) == expected)
        let cut = Array(progressive.prefix(progressive.count * 2 / 3))
        #expect(JPEGTestImages.errorKind { _ = try JPEGDecoder.decode(cut, region: region) } == .truncated)
    }
}
