import GlintMedia
import GlintTestSupport
import Testing

@Suite("JPEG encode and decode", .suiteTimeLimit)
struct JPEGCodecTests {
    @Test("a colourful image survives an encode/decode round trip at quality 95")
    func roundTrip() throws {
        let image = JPEGTestImages.colorful(width: 161, height: 97)
        for subsampling in ChromaSubsampling.allCases {
            let encoded = try JPEGEncoder.encode(image, quality: 95, subsampling: subsampling)
            let decoded = try JPEGDecoder.decode(encoded)
            #expect(decoded.width == 161)
            #expect(decoded.height == 97)
            let error = JPEGTestImages.meanAbsoluteError(image, decoded)
            #expect(error < 3.0, "mean absolute error \(error) with \(subsampling)")
        }
    }

    @Test("encoder output is a bare JPEG: SOI first, EOI last, no APPn or COM segments")
    func encoderWritesNoMetadata() throws {
        let encoded = try JPEGEncoder.encode(JPEGTestImages.colorful(width: 40, height: 30))
        #expect(Array(encoded.prefix(2)) == [0xFF, 0xD8])
        #expect(Array(encoded.suffix(2)) == [0xFF, 0xD9])
        let file = try JPEGFile(parsing: encoded)
        #expect(!file.segments.contains { $0.isApplication || $0.marker == JPEGMarker.comment })
        #expect(file.trailingBytes.isEmpty)
    }

    @Test("lower quality gives a smaller file")
    func qualityChangesSize() throws {
        let image = JPEGTestImages.colorful(width: 128, height: 128)
        let small = try JPEGEncoder.encode(image, quality: 20)
        let large = try JPEGEncoder.encode(image, quality: 98)
        #expect(small.count < large.count)
    }

    @Test("quality outside 1...100 is an invalid argument", arguments: [0, 101, -5])
    func invalidQuality(quality: Int) {
        let image = JPEGTestImages.colorful(width: 8, height: 8)
        #expect(JPEGTestImages.errorKind { _ = try JPEGEncoder.encode(image, quality: quality) } == .invalidArgument)
    }

    @Test(
        "DCT-scaled decodes have the scaled size, rounded up",
        arguments: [
            (1, 161, 97), (2, 81, 49), (4, 41, 25), (8, 21, 13),
        ])
    func scaledDecode(denominator: Int, width: Int, height: Int) throws {
        let encoded = try JPEGEncoder.encode(JPEGTestImages.colorful(width: 161, height: 97))
        let decoded = try JPEGDecoder.decode(encoded, scaleDenominator: denominator)
        #expect(decoded.width == width)
        #expect(decoded.height == height)
        #expect(decoded.pixels.count == width * height * 3)
        let predicted = try JPEGDecoder.readHeader(encoded).outputSize(scaleDenominator: denominator)
        #expect(predicted.width == width && predicted.height == height)
    }

    @Test("a scale denominator other than 1, 2, 4 or 8 is an invalid argument", arguments: [0, 3, 16])
    func invalidScale(denominator: Int) throws {
        let encoded = try JPEGEncoder.encode(JPEGTestImages.colorful(width: 16, height: 16))
        #expect(JPEGTestImages.errorKind { _ = try JPEGDecoder.decode(encoded, scaleDenominator: denominator) } == .invalidArgument)
    }

    @Test("a grayscale JPEG decodes to RGB with equal channels")
    func grayscaleDecodesToRGB() throws {
        let header = try JPEGDecoder.readHeader(JPEGSampleFiles.grayscaleGradient16x16)
        #expect(header.components == 1)
        #expect(header.colourSpace == .grayscale)
        let image = try JPEGDecoder.decode(JPEGSampleFiles.grayscaleGradient16x16)
        #expect(image.width == 16 && image.height == 16)
        for y in 0..<16 {
            for x in 0..<16 {
                let pixel = image[x, y]
                #expect(pixel.r == pixel.g && pixel.g == pixel.b)
            }
        }
        #expect(image[0, 8].r < 30)
        #expect(image[15, 8].r > 225)
    }

    @Test("the header reports size, components and the progressive flag")
    func headerFields() throws {
        let progressive = try JPEGDecoder.readHeader(JPEGSampleFiles.progressiveRGB24x16)
        #expect(progressive == JPEGHeader(width: 24, height: 16, components: 3, colourSpace: .yCbCr, isProgressive: true))
        let baseline = try JPEGDecoder.readHeader(try JPEGEncoder.encode(JPEGTestImages.colorful(width: 33, height: 17)))
        #expect(baseline == JPEGHeader(width: 33, height: 17, components: 3, colourSpace: .yCbCr, isProgressive: false))
        let image = try JPEGDecoder.decode(JPEGSampleFiles.progressiveRGB24x16)
        #expect(image.width == 24 && image.height == 16)
    }

    @Test("a CMYK JPEG is refused as unsupported")
    func cmykIsUnsupported() throws {
        let header = try JPEGDecoder.readHeader(JPEGSampleFiles.cmyk8x8)
        #expect(header.components == 4)
        #expect([JPEGColourSpace.cmyk, .ycck].contains(header.colourSpace))
        #expect(JPEGTestImages.errorKind { _ = try JPEGDecoder.decode(JPEGSampleFiles.cmyk8x8) } == .unsupported)
    }

    @Test("a clean file decodes with no warnings")
    func cleanFileHasNoWarnings() throws {
        let encoded = try JPEGEncoder.encode(JPEGTestImages.colorful(width: 64, height: 48))
        let result = try JPEGDecoder.decodeReportingWarnings(encoded)
        #expect(result.warningCount == 0)
        #expect(result.firstWarning == nil)
    }
}
