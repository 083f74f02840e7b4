import Foundation
import GlintTestSupport
import Testing

@testable import GlintMedia

@Suite("JPEG patch on the real 12 MP still", .requires(.fixture(SharedFixtures.Name.livePhotoStill)), .suiteTimeLimit)
struct JPEGPatchRealStillTests {
    static let still: [UInt8] = (try? SharedFixtures.bytes(SharedFixtures.Name.livePhotoStill)) ?? []
    static let badge = JPEGPatchChecks.badge(size: 240)
    // Bottom right, not iMCU-aligned, as a badge with clear space sits.
    static let x = 4032 - 240 - 37, y = 3024 - 240 - 29

    @Test(arguments: [JPEGPatchMethod.bitstreamSplice, .coefficients])
    func onlyTheBadgeBlocksChange(method: JPEGPatchMethod) throws {
        let result = try JPEGPatchCompositor.composite(
            Self.still, file: "IMG_train.jpg", overlay: Self.badge,
            x: Self.x, y: Self.y, method: method)
        #expect(result.method == method)
        try JPEGPatchChecks.verify(result, original: Self.still, overlay: Self.badge, x: Self.x, y: Self.y)
    }

    @Test("the iPhone still (baseline, restart interval of one MCU row) takes the splice by default")
    func theStillIsSpliced() throws {
        let result = try JPEGPatchCompositor.composite(Self.still, file: "IMG_train.jpg", overlay: Self.badge, x: Self.x, y: Self.y)
        #expect(result.method == .bitstreamSplice)
        // Everything before the scan, metadata included, is the original byte for byte.
        let original = try JPEGFile(parsing: Self.still)
        let patched = try JPEGFile(parsing: result.bytes)
        #expect(patched.segments == original.segments)
        #expect(result.bytes[..<patched.imageDataRange.lowerBound] == Self.still[..<original.imageDataRange.lowerBound])
    }

    @Test("the splice and the coefficient path give the same coefficients, block for block")
    func spliceMatchesTheCoefficientPath() throws {
        for (x, y) in [(Self.x, Self.y), (0, 0), (1000, 1500), (4032 - 240, 3024 - 240)] {
            let spliced = try JPEGPatchCompositor.composite(Self.still, file: nil, overlay: Self.badge, x: x, y: y, method: .bitstreamSplice)
            let rewritten = try JPEGPatchCompositor.composite(Self.still, file: nil, overlay: Self.badge, x: x, y: y, method: .coefficients)
            #expect(
                try JPEGCoefficients(reading: spliced.bytes).allBlocks() == JPEGCoefficients(reading: rewritten.bytes).allBlocks(),
                "at (\(x), \(y))")
        }
    }
}
