import Foundation
import GlintTestSupport
import Testing

@testable import GlintGraphics

/// Reads colours off the rendered pixels at the midpoint of each ring's band and finds the spec's
/// colours: the gradient colour for the angle travelled (+-2 per channel), the head colour at the
/// head, the tail colour at the tail, and the 15% track where there is no progress.
@Suite("Activity Rings colours", .suiteTimeLimit)
struct RingColourSamplingTests {
    static let tolerance = 2.0

    /// The colour the spec asks for at `angle` on a ring with `progress` (the latest lap's angle
    /// travelled over the arc's end), or nil where the track shows.
    static func expected(ring: ActivityRing, progress: Double, angle: Double, geometry: RingGeometry) -> SIMD3<Double>? {
        let r = geometry.radius(of: ring)
        let end = RingTestSupport.specEnd(progress: progress, radius: r, thickness: geometry.thickness)
        guard angle <= end else { return nil }
        let travelled = angle + 2 * Double.pi * ((end - angle) / (2 * Double.pi)).rounded(.down)
        return ring.palette.gradient(at: travelled / end)
    }

    @Test(
        "the band midpoints carry the gradient for the angle travelled",
        arguments: [
            (0.75, 1.3, 0.5, 512, 1), (0.4, 2.25, 0.95, 300, 2), (1.0, 0.6, 1.75, 1024, 3),
        ])
    func gradientAtBandMidpoints(move: Double, exercise: Double, stand: Double, size: Int, scale: Int) throws {
        let rendered = try RingTestSupport.render(try RingTestSupport.request(move, exercise, stand, size: size, scale: scale))
        let image = rendered.image.rgba
        let g = rendered.geometry
        let progress = [move, exercise, stand]
        var checked = 0
        var tracks = 0
        for ring in ActivityRing.allCases {
            let r = g.radius(of: ring)
            // Keep away from 12 o'clock, where caps meet, and from the head itself.
            let capAngle = 1.5 * g.thickness / r
            let end = RingTestSupport.specEnd(progress: progress[ring.index], radius: r, thickness: g.thickness)
            for degrees in stride(from: 15.0, through: 345.0, by: 15.0) {
                let angle = degrees * .pi / 180
                let headAngle = end.truncatingRemainder(dividingBy: 2 * .pi)
                if abs(angle - headAngle) < capAngle || angle < capAngle || angle > 2 * .pi - capAngle { continue }
                let (x, y) = RingTestSupport.pixel(atAngle: angle, radius: r, geometry: g)
                let got = RingTestSupport.rgb(image, x, y)
                if let want = Self.expected(ring: ring, progress: progress[ring.index], angle: angle, geometry: g) {
                    #expect(
                        RingTestSupport.maxChannelDifference(got, want) <= Self.tolerance,
                        "\(ring) at \(degrees)°: got \(got), spec \(want)")
                    checked += 1
                } else {
                    let t = ring.palette.track
                    let want = SIMD3(Double(t.red), Double(t.green), Double(t.blue))
                    #expect(
                        RingTestSupport.maxChannelDifference(got, want) <= Self.tolerance,
                        "\(ring) track at \(degrees)°: got \(got), want \(want)")
                    tracks += 1
                }
            }
        }
        #expect(checked > 20)
        if [move, exercise, stand].contains(where: { $0 < 0.9 }) { #expect(tracks > 0) }
    }

    @Test func theHeadHasTheHeadColourAndTheTailTheTailColour() throws {
        for progress in [0.6, 1.0, 1.45, 3.2] {
            let rendered = try RingTestSupport.render(try RingTestSupport.request(progress, progress, progress, size: 600))
            let image = rendered.image.rgba
            let g = rendered.geometry
            for ring in ActivityRing.allCases {
                let r = g.radius(of: ring)
                let end = RingTestSupport.specEnd(progress: progress, radius: r, thickness: g.thickness)
                // The head cap's centre: the end of the gradient.
                let (hx, hy) = RingTestSupport.pixel(atAngle: end, radius: r, geometry: g)
                let head = ring.palette.head
                let wantHead = SIMD3(Double(head.red), Double(head.green), Double(head.blue))
                #expect(
                    RingTestSupport.maxChannelDifference(RingTestSupport.rgb(image, hx, hy), wantHead) <= 3,
                    "\(ring) head at progress \(progress)")
                // Just past 12 o'clock (clear of the head cap at 100%), below 100%: the tail colour,
                // a few pixels' worth along the gradient.
                if progress <= 1 {
                    let angle = 3 / r
                    let (tx, ty) = RingTestSupport.pixel(atAngle: angle, radius: r, geometry: g)
                    let wantTail = ring.palette.gradient(at: angle / end)
                    #expect(angle / end < 0.01)
                    #expect(
                        RingTestSupport.maxChannelDifference(RingTestSupport.rgb(image, tx, ty), wantTail) <= 3,
                        "\(ring) tail at progress \(progress)")
                }
            }
        }
    }

    @Test func zeroProgressShowsOnlyTheTrack() throws {
        let rendered = try RingTestSupport.render(try RingTestSupport.request(0, 0, 0, size: 256))
        let image = rendered.image.rgba
        for ring in ActivityRing.allCases {
            let t = ring.palette.track
            let want = SIMD3(Double(t.red), Double(t.green), Double(t.blue))
            for degrees in [0.0, 90, 180, 270] {
                let (x, y) = RingTestSupport.pixel(atAngle: degrees * .pi / 180, radius: rendered.geometry.radius(of: ring), geometry: rendered.geometry)
                #expect(RingTestSupport.rgb(image, x, y) == want, "\(ring) at \(degrees)°")
            }
        }
    }
}
