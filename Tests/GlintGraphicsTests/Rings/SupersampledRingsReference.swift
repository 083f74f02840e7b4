import Foundation

@testable import GlintGraphics

/// A slow, plain model of what the ring renderer should draw, written independently of the
/// renderer's coverage code: every pixel is split into `samples` x `samples` points, each point is
/// classified by inside/outside tests (in a band? in the arc? in the head cap?), coloured, and
/// the colours are averaged (a box filter, as anti-aliasing should approximate).
///
/// The model, from the spec: the arc of a ring with progress p runs clockwise from 12 o'clock
/// over the points within thickness/2 of the band centre line between angle 0 and
/// end = 2πp - atan(thickness / 2r) (so that the round head cap's leading point lies on 2πp; a
/// dot at 12 o'clock when that is negative), coloured by the angle travelled over `end` (the
/// latest lap where laps overlap); the round head cap (head colour) lies over everything beneath
/// it: the tail cap where the two meet, and above 100% the earlier lap.
/// The shadow is not modelled (renders compared with this one leave it out).
struct SupersampledRingsReference {
    let geometry: RingGeometry
    let progress: [Double]
    let samples: Int

    /// Average colour of each pixel, 0...255 per channel, row-major RGB.
    func render() -> [Double] {
        let size = geometry.canvasSize
        var out = [Double](repeating: 0, count: size * size * 3)
        let n = Double(samples)
        let centre = Double(size) / 2
        for y in 0..<size {
            for x in 0..<size {
                // Quick skip: pixels far from every band are black.
                let px = Double(x) + 0.5 - centre
                let py = Double(y) + 0.5 - centre
                let rho = (px * px + py * py).squareRoot()
                guard rho > geometry.innerEdge - 1, rho < geometry.outerEdge + 1 else { continue }
                var sum = SIMD3<Double>.zero
                for sy in 0..<samples {
                    for sx in 0..<samples {
                        let qx = Double(x) + (Double(sx) + 0.5) / n - centre
                        let qy = Double(y) + (Double(sy) + 0.5) / n - centre
                        sum += colour(x: qx, y: qy)
                    }
                }
                let average = sum / (n * n)
                let i = (y * size + x) * 3
                out[i] = average.x
                out[i + 1] = average.y
                out[i + 2] = average.z
            }
        }
        return out
    }

    /// The colour of one point (relative to the centre, y down).
    func colour(x: Double, y: Double) -> SIMD3<Double> {
        let rho = (x * x + y * y).squareRoot()
        let half = geometry.thickness / 2
        for ring in ActivityRing.allCases {
            let r = geometry.radius(of: ring)
            guard abs(rho - r) <= half else { continue }
            let palette = ring.palette
            let track = SIMD3<Double>(Double(palette.track.red), Double(palette.track.green), Double(palette.track.blue))
            let p = progress[ring.index]
            if p == 0 { return track }
            let end = max(2 * Double.pi * p - atan(geometry.thickness / (2 * r)), 0)
            var angle = atan2(x, -y)
            if angle < 0 { angle += 2 * Double.pi }
            let head = (x: r * sin(end), y: -r * cos(end))
            let tail = (x: 0.0, y: -r)
            let toHead = hypot(x - head.x, y - head.y)
            let toTail = hypot(x - tail.x, y - tail.y)
            // The head cap lies over everything beneath it.
            if toHead <= half {
                return palette.gradient(at: 1)
            }
            let travelled: Double
            if end >= 2 * Double.pi || angle <= end {
                travelled = angle + 2 * Double.pi * ((end - angle) / (2 * Double.pi)).rounded(.down)
            } else if toTail <= half {
                travelled = 0
            } else {
                return track
            }
            return palette.gradient(at: end > 0 ? travelled / end : 1)
        }
        return .zero
    }
}
