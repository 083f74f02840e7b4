import CColourKernels
import Foundation
import GlintTestSupport
import Testing

@testable import GlintMedia

/// The C loops of the colour tables (CColourKernels): the CPU's best loop (AVX2 where the CPU has
/// it) must give exactly the bytes of the portable scalar loop, on every path through it.
@Suite("Colour kernels", .suiteTimeLimit)
struct ColourKernelsTests {
    /// Bytes from a seeded generator.
    static func noise(_ count: Int, seed: UInt64) -> [UInt8] {
        var generator = SeededRandomGenerator(seed: seed)
        return (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }

    /// A frame of noise (every code value, in any combination), with a wide colour table.
    static func noiseFrame(width: Int, height: Int, seed: UInt64) throws -> YUVFrame {
        let frame = try YUVFrame(width: width, height: height, range: .full, matrix: .bt709)
        let planes = frame.planes
        let bytes = noise(width * height * 3 / 2, seed: seed)
        var next = 0
        for (pointer, stride, w, h) in [
            (planes.y, planes.yStride, width, height), (planes.u, planes.uStride, width / 2, height / 2),
            (planes.v, planes.vStride, width / 2, height / 2),
        ] {
            for row in 0..<h {
                for x in 0..<w {
                    pointer[row * stride + x] = bytes[next]
                    next += 1
                }
            }
        }
        return frame
    }

    /// The samples of `frame`'s three planes, row after row.
    static func samples(_ frame: YUVFrame) -> [UInt8] {
        let p = frame.planes
        var bytes: [UInt8] = []
        for (pointer, stride, w, h) in [
            (p.y, p.yStride, p.width, p.height), (p.u, p.uStride, p.width / 2, p.height / 2),
            (p.v, p.vStride, p.width / 2, p.height / 2),
        ] {
            for row in 0..<h { bytes += UnsafeBufferPointer(start: pointer + row * stride, count: w) }
        }
        return bytes
    }

    static let table = YUVColourTable(
        source: YUVCoding(decoded: VideoColourInfo(range: .full, matrix: .smpte170m), width: 640, height: 480),
        output: YUVCoding(encoded: VideoColourInfo(range: .limited, matrix: .bt709), width: 640, height: 480),
        change: { image in
            try! RGBLookupCube(
                source: .sRGB, output: .sRGB,
                adjustment: ColourAdjustment(exposure: 0.7, contrast: 0.3, saturation: 0.5)
            ).apply(to: &image)
        })

    // 64 and 48 wide: whole runs of eight blocks; 46, 30 and 2: a scalar tail after them, or only one.
    @Test(arguments: [64, 48, 46, 30, 2])
    func tableWalkIsTheSameOnEveryLoop(width: Int) throws {
        let source = try Self.noiseFrame(width: width, height: 24, seed: UInt64(width))
        let best = try YUVFrame(width: width, height: 24, range: .limited, matrix: .bt709)
        let scalar = try YUVFrame(width: width, height: 24, range: .limited, matrix: .bt709)
        Self.table.apply(from: source.planes, to: best.planes, choice: GLINT_KERNEL_BEST)
        Self.table.apply(from: source.planes, to: scalar.planes, choice: GLINT_KERNEL_SCALAR)
        let result = Self.samples(best)
        #expect(result == Self.samples(scalar))
        // The table changed the samples (a strong edit and a change of coding).
        let unchanged = zip(result, Self.samples(source)).filter { $0 == $1 }.count
        #expect(unchanged < result.count / 4, "\(unchanged) of \(result.count) samples unchanged")

        // In place (source and destination the same planes), as `apply(to:)` walks a frame.
        Self.table.apply(from: source.planes, to: source.planes, choice: GLINT_KERNEL_BEST)
        #expect(Self.samples(source) == result)
    }

    /// Every code value in seeded random combinations, plus pure black and white.
    static func noiseImage() -> RGBImage {
        RGBImage(width: 97, height: 61, pixels: [0, 0, 0, 255, 255, 255] + noise(97 * 61 * 3 - 6, seed: 11))
    }

    @Test(arguments: [ColourSpace.sRGB, .displayP3])
    func cubeIsTheSameOnEveryLoop(space: ColourSpace) throws {
        let cube = try RGBLookupCube(
            source: space, output: .sRGB,
            adjustment: ColourAdjustment(exposure: 0.6, contrast: 0.2, saturation: 0.4, warmth: 0.3))
        let original = Self.noiseImage()
        let count = original.width * original.height
        // No gains; gains at most 1 (a darkening vignette); gains above 1 (a lightening one: the
        // sums are clamped to the encode table).
        let gainSets: [[Float]?] = [nil, (0..<count).map { Float($0 % 100) / 100 }, (0..<count).map { 0.5 + Float($0 % 150) / 50 }]
        for gains in gainSets {
            var best = original.pixels
            var scalar = original.pixels
            func run(_ pixels: inout [UInt8], _ choice: glint_kernel_choice) {
                pixels.withUnsafeMutableBufferPointer { pixels in
                    if let gains {
                        gains.withUnsafeBufferPointer { cube.apply(to: pixels.baseAddress!, count: count, gains: $0.baseAddress!, choice: choice) }
                    } else {
                        cube.apply(to: pixels.baseAddress!, count: count, gains: nil, choice: choice)
                    }
                }
            }
            run(&best, GLINT_KERNEL_BEST)
            run(&scalar, GLINT_KERNEL_SCALAR)
            #expect(best == scalar, "gains: \(gains == nil ? "none" : "\(gains!.max()!) at most")")
            #expect(best != original.pixels)
        }
    }

    @Test("the AVX2 loops run where the CPU has AVX2, the scalar ones elsewhere")
    func avx2LoopsRunWhereTheCPUHasThem() {
        let cpuHasAVX2 = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?.contains(" avx2") == true
        #expect(String(cString: glint_colour_kernels_variant()) == (cpuHasAVX2 ? "avx2" : "scalar"))
    }
}
