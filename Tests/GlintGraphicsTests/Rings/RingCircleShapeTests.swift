import GlintMedia
import GlintTestSupport
import Testing

@testable import GlintGraphics

/// `--shape circle`: corners rounded to a circle (transparent outside), never clipping a ring.
@Suite("Activity Rings circle canvas", .suiteTimeLimit)
struct RingCircleShapeTests {
    @Test("transparent corners, opaque rings, nothing clipped", arguments: [(256, 1, 0.075), (16, 1, 0.075), (97, 2, 0.0), (600, 3, 0.0)])
    func circle(size: Int, scale: Int, margin: Double) throws {
        let circle = try RingTestSupport.render(try RingTestSupport.request(0.8, 1.4, 2.2, size: size, scale: scale, shape: .circle, margin: margin))
        let square = try RingTestSupport.render(try RingTestSupport.request(0.8, 1.4, 2.2, size: size, scale: scale, shape: .square, margin: margin))
        guard case .transparent(let image) = circle.image else {
            Issue.record("a circle canvas must have alpha")
            return
        }
        guard case .opaque(let opaque) = square.image else {
            Issue.record("a square canvas is opaque")
            return
        }
        let last = size - 1
        for (x, y) in [(0, 0), (last, 0), (0, last), (last, last)] { #expect(image[x, y].a == 0) }
        // The disc is opaque inside and fades only over its last pixel.
        #expect(image[size / 2, size / 2].a == 255)
        #expect(image[size / 2, 1].a == 255)
        var ringPixels = 0
        var partial = 0
        for y in 0..<size {
            for x in 0..<size {
                let p = image[x, y]
                let lit = p.r > 0 || p.g > 0 || p.b > 0
                if lit {
                    ringPixels += 1
                    #expect(p.a == 255, "ring pixel (\(x), \(y)) has alpha \(p.a)")
                }
                if p.a > 0 && p.a < 255 { partial += 1 }
                // Unclipped: the same colour as on the square canvas.
                let q = opaque[x, y]
                #expect(p.r == q.r && p.g == q.g && p.b == q.b, "(\(x), \(y)) differs from the square canvas")
            }
        }
        #expect(ringPixels > size * size / 5)
        #expect(partial > 0, "the circle's edge is anti-aliased")
        // Each ring band midpoint is opaque and lit.
        for ring in ActivityRing.allCases {
            let (x, y) = RingTestSupport.pixel(atAngle: 3.0, radius: circle.geometry.radius(of: ring), geometry: circle.geometry)
            #expect(image[x, y].a == 255 && max(image[x, y].r, image[x, y].g, image[x, y].b) > 100)
        }
    }
}
