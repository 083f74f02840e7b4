import CFFmpeg
import GlintTestSupport
import Testing

@testable import GlintMedia

@Suite("YUVColourTable", .suiteTimeLimit)
struct YUVColourTableTests {
    /// The recipe's colour change as the edit bakes it (exposure, contrast, saturation).
    static let cube = try! RGBLookupCube(
        source: .sRGB, output: .sRGB,
        adjustment: ColourAdjustment(exposure: 0.5, contrast: 0.1, saturation: 0.2))

    /// A decoded-like 4:2:0 frame of the moving gradient with a little seeded texture.
    static func frame(width: Int, height: Int, coding: YUVCoding) throws -> DecodedVideoFrame {
        var image = VideoTestFrames.movingGradient(width: width, height: height, index: 2)
        var state: UInt32 = 12345
        for i in 0..<image.pixels.count {
            state = state &* 1_664_525 &+ 1_013_904_223
            image.pixels[i] = UInt8(clamping: Int(image.pixels[i]) + Int(state >> 28) - 8)
        }
        let box = try FrameConverter().frame(from: image, format: AV_PIX_FMT_YUV420P, range: coding.range, matrix: coding.matrix)
        return DecodedVideoFrame(box: box)
    }

    /// The change computed exactly for every pixel: each pixel with its block's chroma to RGB,
    /// `change`, back to YUV; luma per pixel, chroma the mean of the block's four pixels.
    static func exact(
        _ frame: DecodedVideoFrame, crop: PixelRect, source: YUVCoding, output: YUVCoding,
        change: ((inout RGBImage) -> Void)?
    ) -> (y: [Double], u: [Double], v: [Double]) {
        let planes = YUVPlanes(frame: frame.frame, crop: crop)
        var rgb = RGBImage(width: crop.width, height: crop.height)
        for row in 0..<crop.height {
            for x in 0..<crop.width {
                let c = source.conversion.rgb(
                    y: Double(planes.y[row * planes.yStride + x]),
                    u: Double(planes.u[row / 2 * planes.uStride + x / 2]),
                    v: Double(planes.v[row / 2 * planes.vStride + x / 2]))
                let i = (row * crop.width + x) * 3
                rgb.pixels[i] = UInt8(min(max(c.r, 0), 255).rounded())
                rgb.pixels[i + 1] = UInt8(min(max(c.g, 0), 255).rounded())
                rgb.pixels[i + 2] = UInt8(min(max(c.b, 0), 255).rounded())
            }
        }
        change?(&rgb)
        var y = [Double](repeating: 0, count: crop.width * crop.height)
        var u = [Double](repeating: 0, count: crop.width * crop.height / 4)
        var v = u
        for row in 0..<crop.height {
            for x in 0..<crop.width {
                let i = (row * crop.width + x) * 3
                let s = output.conversion.yuv(r: Double(rgb.pixels[i]), g: Double(rgb.pixels[i + 1]), b: Double(rgb.pixels[i + 2]))
                y[row * crop.width + x] = s.y
                u[row / 2 * crop.width / 2 + x / 2] += s.u / 4
                v[row / 2 * crop.width / 2 + x / 2] += s.v / 4
            }
        }
        return (y, u, v)
    }

    /// Mean, 99th percentile and largest absolute difference between plane 0 (Y), 1 (Cb) or 2
    /// (Cr) of `planes` and the reference values.
    static func difference(_ planes: YUVPlanes, _ plane: Int, _ reference: (y: [Double], u: [Double], v: [Double]))
        -> (mean: Double, p99: Double, max: Double)
    {
        let (pointer, stride, width, height, values) =
            switch plane {
            case 0: (planes.y, planes.yStride, planes.width, planes.height, reference.y)
            case 1: (planes.u, planes.uStride, planes.width / 2, planes.height / 2, reference.u)
            default: (planes.v, planes.vStride, planes.width / 2, planes.height / 2, reference.v)
            }
        var differences: [Double] = []
        for row in 0..<height {
            for x in 0..<width {
                differences.append(abs(Double(pointer[row * stride + x]) - values[row * width + x]))
            }
        }
        differences.sort()
        let mean = differences.reduce(0, +) / Double(differences.count)
        return (mean, differences[differences.count * 99 / 100], differences.last!)
    }

    @Test(arguments: [
        (
            YUVCoding(decoded: VideoColourInfo(range: .full, matrix: .bt709), width: 1920, height: 1080),
            YUVCoding(decoded: VideoColourInfo(range: .full, matrix: .bt709), width: 1920, height: 1080)
        ),
        (
            YUVCoding(decoded: VideoColourInfo(range: .limited, matrix: .bt709), width: 1920, height: 1080),
            YUVCoding(decoded: VideoColourInfo(range: .limited, matrix: .bt709), width: 1920, height: 1080)
        ),
        (
            YUVCoding(decoded: VideoColourInfo(range: .full, matrix: .smpte170m), width: 1920, height: 1080),
            YUVCoding(decoded: VideoColourInfo(range: .limited, matrix: .bt709), width: 1920, height: 1080)
        ),
    ])
    func tableMatchesTheExactChange(source: YUVCoding, output: YUVCoding) throws {
        let frame = try Self.frame(width: 160, height: 120, coding: source)
        let crop = PixelRect(x: 16, y: 10, width: 128, height: 96)
        let change: (inout RGBImage) -> Void = { Self.cube.apply(to: &$0) }
        let table = YUVColourTable(source: source, output: output, change: change)
        let result = try YUVFrame(width: crop.width, height: crop.height, range: .limited, matrix: .bt709)
        try table.apply(to: frame, crop: crop, into: result)
        #expect(result.range == output.range && result.matrix == output.matrix)

        let reference = Self.exact(frame, crop: crop, source: source, output: output, change: change)
        // The same change through RGB with swscale, as frames that cannot use a table are edited.
        let converter = FrameConverter()
        var rgb = try converter.rgbImage(from: frame, crop: crop, width: crop.width, height: crop.height)
        change(&rgb)
        let throughRGB = try converter.yuvFrame(from: rgb, range: output.range, matrix: output.matrix)
        for (plane, name) in [(0, "Y"), (1, "Cb"), (2, "Cr")] {
            let table = Self.difference(result.planes, plane, reference)
            let rgbPath = Self.difference(throughRGB.planes, plane, reference)
            // Within a code value on average and a few nearly everywhere (the table interpolates,
            // and a block's chroma is taken at its mean luma; the largest differences are where
            // some pixels of a block clip and others do not), about as close as the RGB path.
            #expect(table.mean < 1 && table.p99 <= 4, "\(name): table \(table)")
            #expect(table.mean <= rgbPath.mean + 0.25, "\(name): table \(table), through RGB \(rgbPath)")
        }
    }

    @Test func codingChangeAloneIsExactToACodeValue() throws {
        let source = YUVCoding(decoded: VideoColourInfo(range: .full, matrix: .smpte170m), width: 640, height: 480)
        let output = YUVCoding(encoded: VideoColourInfo(range: .limited, matrix: .bt709), width: 640, height: 480)
        let frame = try Self.frame(width: 64, height: 48, coding: source)
        let table = YUVColourTable(source: source, output: output, change: nil)
        let result = try YUVFrame(width: 64, height: 48, range: .limited, matrix: .bt709)
        try table.apply(to: frame, crop: PixelRect(x: 0, y: 0, width: 64, height: 48), into: result)
        let reference = Self.exact(frame, crop: PixelRect(x: 0, y: 0, width: 64, height: 48), source: source, output: output, change: nil)
        let y = Self.difference(result.planes, 0, reference)
        let u = Self.difference(result.planes, 1, reference)
        #expect(y.max <= 1.5 && y.mean < 0.5, "\(y)")
        #expect(u.p99 <= 1.5 && u.mean < 0.5, "\(u)")
    }

    @Test(arguments: [(VideoColourRange.full, VideoColourMatrix.bt709), (.limited, .bt709), (.full, .smpte170m), (.limited, .bt2020)])
    func codingsReadSamplesAsSwscaleWritesThem(range: VideoColourRange, matrix: VideoColourMatrix) throws {
        // Flat colours through swscale to YUV, read back with the coding's own arithmetic.
        for (r, g, b) in [(200, 40, 90), (20, 180, 240), (128, 128, 128), (250, 250, 10)] as [(UInt8, UInt8, UInt8)] {
            let image = VideoTestFrames.flat(width: 16, height: 16, r: r, g: g, b: b)
            let frame = DecodedVideoFrame(box: try FrameConverter().frame(from: image, format: AV_PIX_FMT_YUV420P, range: range, matrix: matrix))
            let coding = YUVCoding(decoded: frame.colourInfo, width: 16, height: 16)
            #expect(coding.range == range && coding.matrix == matrix)
            let planes = YUVPlanes(frame: frame.frame, crop: PixelRect(x: 0, y: 0, width: 16, height: 16))
            let rgb = coding.conversion.rgb(y: Double(planes.y[0]), u: Double(planes.u[0]), v: Double(planes.v[0]))
            #expect(
                abs(rgb.r - Double(r)) < 2.5 && abs(rgb.g - Double(g)) < 2.5 && abs(rgb.b - Double(b)) < 2.5,
                "\((r, g, b)) read back as \(rgb)")
            let back = coding.conversion.yuv(r: Double(r), g: Double(g), b: Double(b))
            #expect(abs(back.y - Double(planes.y[0])) < 1 && abs(back.u - Double(planes.u[0])) < 1 && abs(back.v - Double(planes.v[0])) < 1)
        }
    }

    @Test func rejectsFramesThatAreNotEightBit420() throws {
        let image = VideoTestFrames.movingGradient(width: 32, height: 32, index: 0)
        let frame = DecodedVideoFrame(box: try FrameConverter().frame(from: image, format: AV_PIX_FMT_YUV420P10LE, range: .limited, matrix: .bt709))
        #expect(!frame.isEightBit420)
        let coding = YUVCoding(decoded: frame.colourInfo, width: 32, height: 32)
        let table = YUVColourTable(source: coding, output: coding, change: nil)
        let result = try YUVFrame(width: 32, height: 32, range: .limited, matrix: .bt709)
        #expect(throws: MediaError.self) { try table.apply(to: frame, crop: PixelRect(x: 0, y: 0, width: 32, height: 32), into: result) }
    }
}
