import Foundation

/// One ring's drawing, prepared once per render and evaluated per pixel: the 15% track, the
/// progress arc (12 o'clock, clockwise, round caps, tail-to-head angular gradient) and, above
/// 100%, the head cap over the earlier lap with its shadow.
///
/// Angles are clockwise from 12 o'clock in radians; positions are pixels relative to the group
/// centre with y pointing down, so the point at angle θ on the band centre line is
/// (r sin θ, -r cos θ).
///
/// The arc is the set of points within thickness/2 of the centre-line arc from 0 to ``end``
/// (a stroked arc with round caps): its signed distance is exact, so its coverage is accurate. The
/// arc is shortened so that the head cap's leading point lands exactly on the value angle:
/// ``end`` = 2π x progress - atan(thickness / 2r). The gradient position of a point is the angle
/// travelled to reach it over ``end`` (so the head always has the head colour, above 100% too);
/// where laps overlap, the later lap lies over the earlier one. The head cap (the disc at the end
/// of the arc, head colour) is the top layer: it covers the tail cap where the two meet near
/// 12 o'clock and, above 100%, the earlier lap, onto which it casts its shadow.
///
/// Shapes nest (cap within arc within band), so a pixel's colour is the exact area split
/// cap x head + (arc - cap) x body + (band - arc) x track, with no seams where edges coincide.
struct RingArc: Sendable {
    let radius: Float
    let halfThickness: Float
    /// Angle travelled by the band centre line (the body of the arc), radians; 0 for a dot.
    let end: Float
    /// No arc at all (progress 0): the track alone.
    let isEmpty: Bool
    /// Progress above 100%: the head cap lies over the earlier lap and casts a shadow onto it.
    let overlaps: Bool
    /// The arc closes on itself (`end` >= 2π): the arc covers the whole band.
    let coversBand: Bool
    /// 1 / ``end`` (the gradient position per radian travelled); 0 for a dot, which is all head cap.
    let inverseEnd: Float
    /// ``end`` modulo 2π: the head's angle on the dial.
    let headAngle: Float
    /// The squared distance from the head within which the cap or its shadow can reach a pixel.
    let capReach2: Float
    let headX: Float, headY: Float
    let tailX: Float, tailY: Float
    let tail: SIMD3<Float>, head: SIMD3<Float>, track: SIMD3<Float>
    let shadow: RingShadow?

    /// Progress was above zero but too small for an arc ending on the value: drawn as a dot.
    let isDot: Bool

    init(ring: ActivityRing, progress: Double, geometry: RingGeometry, shadowEnabled: Bool = true) {
        let r = geometry.radius(of: ring)
        let t = geometry.thickness
        let palette = ring.palette
        radius = Float(r)
        halfThickness = Float(t / 2)
        tail = palette.tail.channels
        head = palette.head.channels
        track = palette.track.channels
        isEmpty = progress == 0
        overlaps = progress > 1
        let value = 2 * Double.pi * progress
        var end = value - atan(t / (2 * r))
        isDot = !isEmpty && end < 0
        if isDot { end = 0 }
        self.end = Float(end)
        coversBand = end >= 2 * Double.pi
        inverseEnd = end > 0 ? Float(1 / end) : 0
        headAngle = Float(end.truncatingRemainder(dividingBy: 2 * Double.pi))
        headX = Float(r * sin(end))
        headY = Float(-r * cos(end))
        tailX = 0
        tailY = Float(-r)
        if overlaps && shadowEnabled {
            shadow = RingShadow(headX: r * sin(end), headY: -r * cos(end), tangentX: cos(end), tangentY: sin(end), thickness: t)
        } else {
            shadow = nil
        }
        // The shadow reaches beyond the cap: offset t/10 plus 4σ (σ = t/6) past its edge.
        let reach = Float(t / 2) + PixelCoverage.reach + (shadow.map { $0.reach - $0.radius + Float(t / 10) } ?? 0)
        capReach2 = reach * reach
    }

    /// The correction to report for `ring` drawn with `progress`, if this arc is a dot.
    func correction(ring: ActivityRing, progress: Double) -> RingCorrection? {
        guard isDot else { return nil }
        return RingCorrection(
            .progressBelowSmallestArc, ring: ring,
            "\(progress) is less than the round cap itself; drawn as a dot at 12 o'clock")
    }

    /// Whether a pixel at distance `rho` from the centre can touch this ring's band.
    @inline(__always)
    func touches(rho: Float) -> Bool {
        abs(rho - radius) - halfThickness < PixelCoverage.reach
    }

    /// Whether any pixel at a distance in `low...high` from the centre can touch this ring's band.
    @inline(__always)
    func touches(low: Float, high: Float) -> Bool {
        high > radius - halfThickness - PixelCoverage.reach && low < radius + halfThickness + PixelCoverage.reach
    }

    /// The colour this ring adds to the pixel centred at (`x`, `y`) (relative to the group
    /// centre, `rho` its distance), premultiplied by coverage, over black, in 0...255.
    @inline(__always)
    func contribution(x: Float, y: Float, rho: Float) -> SIMD3<Float> {
        let sdBand = abs(rho - radius) - halfThickness
        if sdBand >= PixelCoverage.reach { return .zero }
        var bandCoverage: Float = 1
        if sdBand > -PixelCoverage.reach {
            let invRho: Float = rho > 0 ? 1 / rho : 0
            bandCoverage = PixelCoverage.fraction(inside: -sdBand, nx: x * invRho, ny: y * invRho)
        }
        if isEmpty { return track * bandCoverage }

        let angle = RingAngle.clockwiseFromTop(x: x, y: y)

        // The head cap, drawn over everything beneath it (the arc's own body, the tail cap where
        // the two meet near 12 o'clock, the earlier lap above 100%), in the head colour.
        let hx = x - headX
        let hy = y - headY
        let dHead2 = hx * hx + hy * hy

        // The arc beneath the cap: its coverage and the angle travelled to the visible point
        // (the latest lap).
        var arcCoverage = bandCoverage
        let travelled: Float
        if coversBand {
            let laps = ((end - angle) * (0.5 / Float.pi)).rounded(.down)
            travelled = angle + 2 * Float.pi * laps
        } else if angle <= end {
            travelled = angle
        } else {
            // Between the head and 12 o'clock: only the round caps reach here.
            let tx = x - tailX
            let ty = y - tailY
            let dTail = (tx * tx + ty * ty).squareRoot()
            let dHead = dHead2.squareRoot()
            let d = min(dTail, dHead)
            let (ex, ey) = dHead < dTail ? (hx, hy) : (tx, ty)
            let inv: Float = d > 0 ? 1 / d : 0
            arcCoverage = min(PixelCoverage.fraction(inside: halfThickness - d, nx: ex * inv, ny: ey * inv), bandCoverage)
            travelled = 0
        }
        let position = min(max(travelled * inverseEnd, 0), 1)
        let body = tail + (head - tail) * position

        guard dHead2 < capReach2 else {
            // Far from the head: no cap and no shadow.
            return body * arcCoverage + track * (bandCoverage - arcCoverage)
        }
        let dHead = dHead2.squareRoot()
        let inv: Float = dHead > 0 ? 1 / dHead : 0
        let capCoverage = min(PixelCoverage.fraction(inside: halfThickness - dHead, nx: hx * inv, ny: hy * inv), arcCoverage)
        // Above 100% the shadow darkens what lies ahead of the head (the earlier lap); behind the
        // head is the newest lap, level with the cap.
        var light: Float = 1
        if let shadow {
            var ahead = angle - headAngle
            if ahead < 0 { ahead += 2 * Float.pi }
            if ahead > 0 && ahead < Float.pi { light = shadow.transmission(x: x, y: y) }
        }
        let beneath = body * (arcCoverage - capCoverage) + track * (bandCoverage - arcCoverage)
        return head * capCoverage + beneath * light
    }
}
