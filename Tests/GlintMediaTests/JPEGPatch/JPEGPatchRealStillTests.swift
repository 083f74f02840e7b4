import Foundation
@testable import GlintMedia
import GlintTestSupport
import Testing

@Suite("JPEG patch on the real 12 MP still", .enabled(if: SharedFixtures.contains(SharedFixtures.Name.livePhotoStill)))
struct JPEGPatchRealStillTests {
    static let still: [UInt8] = (try? SharedFixtures.bytes(SharedFixtures.Name.livePhotoStill)) ?? []

    @Test(arguments: [JPEGPatchMethod.coefficients])
    func onlyTheBadgeBlocksChange(method: JPEGPatchMethod) throws {
        let badge = JPEGPatchChecks.badge(size: 240)
        // Bottom right, not iMCU-aligned, as a badge with clear space would sit.
        let x = 4032 - 240 - 37, y = 3024 - 240 - 29
        let result = try JPEGPatchCompositor.composite(Self.still, file: "IMG_train.jpg", overlay: badge, x: x, y: y, method: method)
        #expect(result.method == method)
        try JPEGPatchChecks.verify(result, original: Self.still, overlay: badge, x: x, y: y)
    }
}
