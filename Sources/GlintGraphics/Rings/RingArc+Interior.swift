/// The common case of ``RingArc``, eight pixels at a time: a run of pixels away from the caps,
/// where the colour depends on the angle alone and the coverage on the distance from the centre
/// alone (the band's own edges), computed exactly as ``contribution(x:y:rho:)`` does.
extension RingArc {
    /// Whether every pixel at a distance in `low...high` from the centre lies wholly inside the band.
    @inline(__always)
    func containsWholly(low: Float, high: Float) -> Bool {
        low >= radius - halfThickness + PixelCoverage.reach && high <= radius + halfThickness - PixelCoverage.reach
    }

    /// What this ring adds to eight pixels at (`x`, `y`) relative to the centre, `rho` their
    /// distances (premultiplied by coverage, 0...255 per channel, unrounded), or nil when any of
    /// them is near a cap or the run straddles the head (the caller then takes the per-pixel
    /// path, ``contribution(x:y:rho:)``).
    @inline(__always)
    func colours(x: SIMD8<Float>, y: Float, rho: SIMD8<Float>, wholly: Bool) -> (r: SIMD8<Float>, g: SIMD8<Float>, b: SIMD8<Float>)? {
        guard let (r, g, b) = interiorColours(x: x, y: y) else { return nil }
        if wholly { return (r, g, b) }
        var sd = rho - radius
        sd.replace(with: -sd, where: sd .< 0)
        sd -= halfThickness
        var coverage = PixelCoverage.fraction(inside: -sd, nx: x / rho, ny: SIMD8(repeating: y) / rho)
        coverage.replace(with: 0, where: sd .>= PixelCoverage.reach)
        coverage.replace(with: 1, where: sd .<= -PixelCoverage.reach)
        return (r * coverage, g * coverage, b * coverage)
    }

    /// The colours of eight pixels wholly inside the band (coverage 1), or nil as above.
    @inline(__always)
    func interiorColours(x: SIMD8<Float>, y: Float) -> (r: SIMD8<Float>, g: SIMD8<Float>, b: SIMD8<Float>)? {
        if isEmpty {
            return (SIMD8(repeating: track.x), SIMD8(repeating: track.y), SIMD8(repeating: track.z))
        }
        let hx = x - headX
        let hy = y - headY
        guard all(hx * hx + hy * hy .>= capReach2) else { return nil }
        let angle = Self.clockwiseFromTop(x: x, y: y)
        var travelled = angle
        if coversBand {
            let laps = ((end - angle) * (0.5 / Float.pi)).rounded(.down)
            travelled = angle + 2 * Float.pi * laps
        } else {
            let onArc = angle .<= end
            if !any(onArc) {
                // Past the head, clear of both caps: the bare track.
                let tx = x - tailX
                let ty = y - tailY
                guard all(tx * tx + ty * ty .>= capReach2) else { return nil }
                return (SIMD8(repeating: track.x), SIMD8(repeating: track.y), SIMD8(repeating: track.z))
            }
            // Partly past the head: the exact path.
            guard all(onArc) else { return nil }
        }
        var position = travelled * inverseEnd
        position.replace(with: 0, where: position .< 0)
        position.replace(with: 1, where: position .> 1)
        return (
            tail.x + (head.x - tail.x) * position,
            tail.y + (head.y - tail.y) * position,
            tail.z + (head.z - tail.z) * position
        )
    }

    /// ``RingAngle/clockwiseFromTop(x:y:)`` on eight points sharing one `y`.
    @inline(__always)
    static func clockwiseFromTop(x: SIMD8<Float>, y: Float) -> SIMD8<Float> {
        let v = -y
        let au = x.replacing(with: -x, where: x .< 0)
        let av = SIMD8<Float>(repeating: abs(v))
        let uBigger = au .> av
        let big = av.replacing(with: au, where: uBigger)
        let small = au.replacing(with: av, where: uBigger)
        let t = small / big
        let t2 = t * t
        var inner = t2 * -0.01172120 + 0.05265332
        inner = inner * t2 - 0.11643287
        inner = inner * t2 + 0.19354346
        inner = inner * t2 - 0.33262347
        inner = inner * t2 + 0.99997726
        var a = t * inner
        a.replace(with: Float.pi / 2 - a, where: uBigger)
        if v < 0 { a = Float.pi - a }
        a.replace(with: 2 * Float.pi - a, where: x .< 0)
        return a
    }
}
