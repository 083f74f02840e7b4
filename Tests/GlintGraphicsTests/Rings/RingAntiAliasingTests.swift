import GlintMedia
import GlintTestSupport
import Testing

@testable import GlintGraphics

/// The renderer's analytic anti-aliasing against a 16x16-supersampled reference of the same
/// geometry (``SupersampledRingsReference``): mean absolute error below 1/255 and maximum below
/// 24/255, over every channel of every pixel.
@Suite("Activity Rings anti-aliasing", .suiteTimeLimit)
struct RingAntiAliasingTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var size: Int
        var scale: Int
        var progress: [Double]
        var testDescription: String { "\(size) px @\(scale)x, progress \(progress)" }
    }

    static let cases: [Case] = [
        Case(size: 96, scale: 1, progress: [0.75, 1.3, 0.5]),
        Case(size: 120, scale: 2, progress: [0, 0.999, 0.02]),
        Case(size: 128, scale: 3, progress: [2.4, 1.0, 0.33]),
        Case(size: 100, scale: 1, progress: [1.02, 0.1, 3.7]),
        Case(size: 40, scale: 2, progress: [0.5, 1.6, 0.9]),
        Case(size: 200, scale: 1, progress: [0.62, 2.05, 1.0]),
    ]

    @Test("matches a 16x16-supersampled reference", arguments: cases)
    func matchesSupersampledReference(_ c: Case) throws {
        let request = try RingTestSupport.request(c.progress[0], c.progress[1], c.progress[2], size: c.size, scale: c.scale)
        // The shadow is compared separately (RingShadowTests): the reference has none.
        let rendered = try RingTestSupport.render(request, shadow: false)
        let image = rendered.image.rgba
        let reference = SupersampledRingsReference(geometry: rendered.geometry, progress: c.progress, samples: 16).render()
        var total = 0.0
        var worst = 0.0
        var worstAt = (0, 0)
        for y in 0..<c.size {
            for x in 0..<c.size {
                let got = RingTestSupport.rgb(image, x, y)
                let i = (y * c.size + x) * 3
                let want = SIMD3(reference[i], reference[i + 1], reference[i + 2])
                let d = RingTestSupport.absolute(got - want)
                total += d.x + d.y + d.z
                let m = max(d.x, d.y, d.z)
                if m > worst {
                    worst = m
                    worstAt = (x, y)
                }
            }
        }
        let mean = total / Double(c.size * c.size * 3)
        #expect(mean < 1, "mean absolute error \(mean)/255")
        #expect(worst < 24, "maximum error \(worst)/255 at \(worstAt)")
        // Not a trivially black image: the reference has the rings.
        #expect(reference.max()! > 200)
    }
}
