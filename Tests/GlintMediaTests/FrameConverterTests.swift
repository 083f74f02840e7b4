import CFFmpeg
import GlintTestSupport
import Testing

@testable import GlintMedia

@Suite("FrameConverter", .suiteTimeLimit)
struct FrameConverterTests {
    /// Converts `image` to YUV in `format` and wraps it as a decoded frame.
    static func yuv(_ image: RGBImage, _ format: AVPixelFormat, _ range: VideoColourRange, _ matrix: VideoColourMatrix) throws -> DecodedVideoFrame {
        let box = try FrameConverter().frame(from: image, format: format, range: range, matrix: matrix)
        return DecodedVideoFrame(box: box)
    }

    @Test(arguments: [VideoColourRange.full, .limited])
    func eightAndTenBitRoundTrips(_ range: VideoColourRange) throws {
        let image = VideoTestFrames.movingGradient(width: 160, height: 120, index: 3)
        let converter = FrameConverter()
        for format in [AV_PIX_FMT_YUV420P, AV_PIX_FMT_YUV420P10LE] {
            let frame = try Self.yuv(image, format, range, .bt709)
            #expect(frame.colourInfo.range == range)
            #expect(frame.bitDepth == (format == AV_PIX_FMT_YUV420P ? 8 : 10))
            let back = try converter.rgbImage(from: frame, width: 160, height: 120)
            let psnr = VideoTestFrames.psnr(image, back)
            #expect(psnr > 38, "\(frame.pixelFormatName) \(range): \(psnr) dB")
        }
    }

    @Test func rangeAndMatrixAreHonoured() throws {
        // A saturated colour decoded with the wrong range or matrix comes out visibly different.
        let image = VideoTestFrames.flat(width: 64, height: 64, r: 200, g: 40, b: 90)
        let converter = FrameConverter()
        let frame = try Self.yuv(image, AV_PIX_FMT_YUV420P, .full, .smpte170m)
        let back = try converter.rgbImage(from: frame, width: 64, height: 64)
        let (r, g, b) = back[32, 32]
        #expect(abs(Int(r) - 200) <= 2 && abs(Int(g) - 40) <= 2 && abs(Int(b) - 90) <= 2, "\(back[32, 32])")
    }

    @Test func yuvFrameForEncoderHasRequestedTags() throws {
        let image = VideoTestFrames.movingGradient(width: 64, height: 48, index: 1)
        let frame = try FrameConverter().yuvFrame(from: image, range: .full)
        #expect(frame.width == 64 && frame.height == 48)
        #expect(frame.range == .full && frame.matrix == .bt709)
        let unspecified = try FrameConverter().yuvFrame(from: image, range: .unspecified, matrix: .unspecified)
        #expect(unspecified.range == .limited && unspecified.matrix == .bt709)
    }
}
