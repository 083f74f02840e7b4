import Foundation
import GlintMedia
import GlintTestSupport
import Testing

@testable import GlintLivePhoto

@Suite("Translation estimator", .suiteTimeLimit)
struct TranslationEstimatorTests {
    /// Windows of one textured picture at known offsets are matched exactly.
    @Test func findsKnownShifts() {
        let margin = 30
        let big = EffectFixtures.texture(width: 320 + 2 * margin, height: 240 + 2 * margin)
        func window(_ x: Int, _ y: Int) -> RGBImage {
            EffectFixtures.crop(big, x: margin + x, y: margin + y, width: 320, height: 240)
        }
        let reference = LumaPyramid(window(0, 0))
        for (x, y) in [(0, 0), (3, -2), (-9, 7), (17, 11), (-25, -20), (1, 12)] {
            let found = TranslationEstimator.shift(of: LumaPyramid(window(x, y)), against: reference)
            // window(x, y) at (u - x, v - y) shows what the reference shows at (u, v).
            #expect(found.dx == -x && found.dy == -y, "offset (\(x), \(y)) found as \(found)")
        }
    }
}
