import Foundation
import GlintMedia
import GlintTestSupport
import Testing

@testable import GlintGraphics

/// The head's soft shadow: present only above 100%, ahead of the head, on the lap beneath.
@Suite("Activity Rings head shadow", .suiteTimeLimit)
struct RingShadowTests {
    /// Pixels of `ring`'s band within `reach` pixels of the head cap's centre, split into those
    /// ahead of the head (the earlier lap) and those behind it (the newest lap).
    static func pixelsNearHead(_ geometry: RingGeometry, ring: ActivityRing, progress: Double, reach: Double)
        -> (ahead: [(Int, Int)], behind: [(Int, Int)])
    {
        let r = geometry.radius(of: ring)
        let c = geometry.centre
        let t = geometry.thickness
        let end = RingTestSupport.specEnd(progress: progress, radius: r, thickness: t)
        let head = (x: c + r * sin(end), y: c - r * cos(end))
        let tangent = (x: cos(end), y: sin(end))
        var ahead: [(Int, Int)] = []
        var behind: [(Int, Int)] = []
        for y in 0..<geometry.canvasSize {
            for x in 0..<geometry.canvasSize {
                let px = Double(x) + 0.5
                let py = Double(y) + 0.5
                let rho = hypot(px - c, py - c)
                // Well inside the band, outside the cap.
                guard abs(rho - r) < t / 2 - 1, hypot(px - head.x, py - head.y) > t / 2 + 1,
                    hypot(px - head.x, py - head.y) < reach
                else { continue }
                let along = (px - head.x) * tangent.x + (py - head.y) * tangent.y
                if along > 0 { ahead.append((x, y)) } else { behind.append((x, y)) }
            }
        }
        return (ahead, behind)
    }

    @Test("above 100% the head darkens the lap ahead of it", arguments: [1.3, 1.05, 2.6])
    func shadowAbove100(progress: Double) throws {
        let request = try RingTestSupport.request(progress, progress, progress, size: 400)
        let with = try RingTestSupport.render(request, shadow: true)
        let without = try RingTestSupport.render(request, shadow: false)
        let a = with.image.rgba
        let b = without.image.rgba
        for ring in ActivityRing.allCases {
            let near = Self.pixelsNearHead(with.geometry, ring: ring, progress: progress, reach: with.geometry.thickness)
            try #require(!near.ahead.isEmpty && !near.behind.isEmpty)
            // Ahead: darker with the shadow, by a clear margin where it is darkest.
            let darkening = near.ahead.map { (x, y) in (RingTestSupport.rgb(b, x, y) - RingTestSupport.rgb(a, x, y)).sum() }
            #expect(darkening.allSatisfy { $0 >= -0.5 }, "\(ring): the shadow never brightens")
            #expect(darkening.max()! > 60, "\(ring): strongest darkening \(darkening.max()!) (sum of channels)")
            // Behind the head: the newest lap, level with the cap, unshadowed.
            for (x, y) in near.behind {
                #expect(RingTestSupport.rgb(a, x, y) == RingTestSupport.rgb(b, x, y), "\(ring) behind the head at \(x),\(y)")
            }
        }
        // Everywhere else the two renders agree: the shadow is local to the heads.
        var differing = 0
        for i in stride(from: 0, to: a.pixels.count, by: 4) where a.pixels[i..<i + 3] != b.pixels[i..<i + 3] { differing += 1 }
        #expect(differing > 0 && differing < 3 * Int(with.geometry.thickness * with.geometry.thickness * 1.5))
    }

    @Test("at or below 100% there is no shadow", arguments: [0.3, 0.98, 1.0])
    func noShadowAtOrBelow100(progress: Double) throws {
        let request = try RingTestSupport.request(progress, progress, progress, size: 300)
        let with = try RingTestSupport.render(request, shadow: true)
        let without = try RingTestSupport.render(request, shadow: false)
        #expect(with.image == without.image)
        // And the pixels just past the head are the plain track, not darkened.
        let g = with.geometry
        for ring in ActivityRing.allCases where progress < 0.9 {
            let r = g.radius(of: ring)
            let (x, y) = RingTestSupport.pixel(atAngle: 2 * .pi * progress + g.thickness / r, radius: r, geometry: g)
            let t = ring.palette.track
            #expect(RingTestSupport.rgb(with.image.rgba, x, y) == SIMD3(Double(t.red), Double(t.green), Double(t.blue)))
        }
    }
}
