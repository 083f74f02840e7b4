import Foundation
import GlintMedia
import GlintTestSupport
import Testing

/// Colour spaces, their ICC profiles and LittleCMS conversions between them.
@Suite("Colour spaces", .suiteTimeLimit)
struct ColourSpaceTests {
    /// The published Display P3 to sRGB matrix (linear light), independent of Glint's own maths.
    static let p3ToSRGB: [Double] = [1.2249, -0.2247, 0, -0.0420, 1.0419, 0, -0.0197, -0.0786, 1.0979]

    @Test func primariesGiveThePublishedConversionMatrix() {
        let m = ColourPrimaries.displayP3.conversionMatrix(to: .bt709)
        for (value, expected) in zip(m, Self.p3ToSRGB) {
            #expect(abs(value - expected) < 0.0005, "\(m)")
        }
        let weights = ColourPrimaries.bt709.luminanceWeights
        #expect(abs(weights.red - 0.2126) < 0.0005 && abs(weights.green - 0.7152) < 0.0005 && abs(weights.blue - 0.0722) < 0.0005)
        let wide = ColourPrimaries.bt2020.luminanceWeights
        #expect(abs(wide.red - 0.2627) < 0.0005 && abs(wide.green - 0.6780) < 0.0005)
    }

    @Test func displayP3RedConvertsToTheExpectedSRGBValue() throws {
        let converter = try ColourConverter(from: .displayP3, to: .sRGB)
        // A P3 red inside the sRGB gamut's reach on one side: (0.8, 0.2, 0.15).
        let p3 = [0.8, 0.2, 0.15]
        let linear = p3.map(TransferCurve.decode)
        let expected = (0..<3).map { row in
            TransferCurve.encodeExtended((0..<3).reduce(0) { $0 + Self.p3ToSRGB[row * 3 + $1] * linear[$1] })
        }
        let converted = converter.convert(p3.map(Float.init))
        for (value, target) in zip(converted, expected) {
            #expect(abs(Double(value) - target) < 0.003, "\(converted) vs \(expected)")
        }
        // More saturated in sRGB: red up, green and blue down.
        #expect(converted[0] > 0.8 && converted[1] < 0.2 && converted[2] < 0.15)
        // Out of gamut, conversions do not clip (the lookup cube relies on it): P3 red is
        // beyond sRGB red.
        let red = converter.convert([1, 0, 0])
        #expect(red[0] > 1.05 && red[1] < -0.01, "\(red)")
    }

    @Test func workingSpaceRoundTripIsExact() throws {
        let values: [Float] = (0..<300).map { Float($0 % 17) / 16 }
        for space in [ColourSpace.sRGB, .displayP3] {
            let there = try ColourConverter(from: space, to: .working).convert(values)
            let back = try ColourConverter(from: .working, to: space).convert(there)
            for (a, b) in zip(values, back) { #expect(abs(a - b) < 1e-4, "\(space)") }
        }
        // sRGB white is working white, and working values are linear.
        let white = try ColourConverter(from: .sRGB, to: .working).convert([1, 1, 1, 0.5, 0.5, 0.5])
        #expect(white.prefix(3).allSatisfy { abs($0 - 1) < 1e-4 })
        #expect(white.suffix(3).allSatisfy { abs(Double($0) - TransferCurve.decode(0.5)) < 1e-4 })
    }

    @Test(.requires(.exiftool))
    func builtProfilesReadBackAndExiftoolNamesThem() throws {
        for (space, name) in [(ColourSpace.sRGB, "sRGB IEC61966-2.1"), (.displayP3, "Display P3")] {
            let bytes = try space.iccProfile()
            let reread = try ColourSpace(iccProfile: bytes)
            #expect(reread.name == name)
            // The re-read profile converts like the definition it was built from.
            let sample: [Float] = [0.9, 0.1, 0.3, 0.2, 0.7, 0.4]
            let a = try ColourConverter(from: reread, to: .working).convert(sample)
            let b = try ColourConverter(from: space, to: .working).convert(sample)
            for (x, y) in zip(a, b) { #expect(abs(x - y) < 1e-3) }
            let exiftool = try #require(ExternalTool.find("exiftool"))
            let directory = try TemporaryDirectory("glint-icc")
            defer { directory.remove() }
            let file = directory.file("profile.icc")
            try Data(bytes).write(to: file)
            let run = try ExternalTool.run(exiftool, ["-s3", "-ProfileDescription", "-ColorSpaceData", "-ProfileClass", file.path])
            #expect(run.succeeded, "\(run.summary)")
            #expect(run.stdoutText.contains(name), "\(run.stdoutText)")
            #expect(run.stdoutText.contains("RGB"), "\(run.stdoutText)")
        }
    }

    @Test func damagedOrNonRGBProfilesAreRefused() throws {
        #expect(throws: MediaError.self) { try ColourSpace(iccProfile: Array(repeating: 7, count: 300)) }
        #expect(throws: MediaError.self) { try ColourSpace(iccProfile: []) }
        let truncated = Array(try ColourSpace.displayP3.iccProfile().prefix(100))
        #expect(throws: MediaError.self) { try ColourSpace(iccProfile: truncated) }
    }

    @Test func videoTagsNameTheirSpaces() throws {
        let p3 = try ColourSpace(video: VideoColourInfo(range: .full, primaries: .displayP3, transfer: .bt709, matrix: .bt709))
        #expect(p3.primaries == .displayP3 && p3.transfer == .srgb)
        let unspecified = try ColourSpace(video: VideoColourInfo())
        #expect(unspecified == .sRGB)
        let hlg = VideoColourInfo(range: .limited, primaries: .bt2020, transfer: .hlg, matrix: .bt2020)
        let error = #expect(throws: MediaError.self) { try ColourSpace(video: hlg) }
        #expect(error?.kind == .unsupported)
        #expect(error?.problem.contains("HDR") == true)
    }

    @Test func colrBoxRoundTrips() throws {
        let box = ColourInformationBox(kind: "nclx", primaries: .displayP3, transfer: .bt709, matrix: .bt709, fullRange: true)
        let parsed = try #require(ColourInformationBox(box.box))
        #expect(parsed == box)
        #expect(parsed.colourInfo == VideoColourInfo(range: .full, primaries: .displayP3, transfer: .bt709, matrix: .bt709))
        // The iPhone 6s fixture's box: nclc 1, 1, 6.
        let nclc = try #require(ColourInformationBox(Box("colr", payload: Array("nclc".utf8) + [0, 1, 0, 1, 0, 6])))
        #expect(nclc.primaries == .bt709 && nclc.matrix == .smpte170m && nclc.kind == "nclc")
        #expect(ColourInformationBox(Box("colr", payload: Array("prof".utf8) + [1, 2, 3, 4, 5, 6])) == nil)
    }
}

@Suite("Colour-managed differences", .suiteTimeLimit)
struct ManagedDifferenceTests {
    @Test func sameColoursInDifferentSpacesDoNotDiffer() throws {
        // Muted colours inside both gamuts, in sRGB, and the same colours written in Display P3.
        var pixels: [UInt8] = []
        for i in 0..<(32 * 32) { pixels += [UInt8(60 + i % 120), UInt8(80 + (i / 7) % 100), UInt8(70 + (i / 3) % 90)] }
        let srgb = RGBImage(width: 32, height: 32, pixels: pixels)
        var p3 = srgb
        try RGBLookupCube(source: .sRGB, output: .displayP3, adjustment: ColourAdjustment()).apply(to: &p3)
        #expect(p3 != srgb)
        #expect(try ColourDifference.meanCIEDE2000(srgb, in: .sRGB, p3, in: .displayP3) < 0.5)
        // Read as if both were sRGB, they differ.
        #expect(ColourDifference.meanCIEDE2000(srgb, p3) > 1.5)
        // For sRGB pictures the managed measure agrees with the plain one.
        var darker = srgb
        try RGBLookupCube(source: .sRGB, output: .sRGB, adjustment: ColourAdjustment(exposure: -0.5)).apply(to: &darker)
        let managed = try ColourDifference.meanCIEDE2000(srgb, in: .sRGB, darker, in: .sRGB)
        #expect(abs(managed - ColourDifference.meanCIEDE2000(srgb, darker)) < 0.2, "\(managed)")
    }
}
