/// How much of a one-pixel square lies inside a shape, from the shape's signed distance at the
/// pixel centre: the analytic anti-aliasing of the ring renderer.
///
/// Near the pixel the shape's edge is taken as a straight line with unit normal `(nx, ny)` (the
/// gradient of the distance). The fraction of the pixel square on the inside of such a line is
/// the cumulative distribution of `x·n` for `x` uniform over the square: a trapezoid whose
/// width depends on the edge's direction. That is exactly what a box filter (or an infinitely
/// supersampled reference) gives for a straight edge; ring edges are curves whose radius is at
/// least half the band thickness, where the error stays well under one level.
enum PixelCoverage {
    /// Half the diagonal of a pixel: at signed distances beyond it, coverage is exactly 0 or 1.
    static let reach: Float = 0.70710678

    /// The covered fraction of the pixel whose centre lies `inside` pixels inside the edge
    /// (negative: outside), the edge having unit normal `(nx, ny)`.
    @inline(__always)
    static func fraction(inside d: Float, nx: Float, ny: Float) -> Float {
        let ax = abs(nx)
        let ay = abs(ny)
        let a = max(ax, ay)
        let b = min(ax, ay)
        let s = (a + b) * 0.5
        if d >= s { return 1 }
        if d <= -s { return 0 }
        if b < 1e-3 {
            return min(max(d / a + 0.5, 0), 1)
        }
        let t = (a - b) * 0.5
        @inline(__always) func ramp2(_ x: Float) -> Float { x > 0 ? x * x : 0 }
        let area = ramp2(d + s) - ramp2(d + t) - ramp2(d - t) + ramp2(d - s)
        return min(max(area / (2 * a * b), 0), 1)
    }
}

extension PixelCoverage {
    /// ``fraction(inside:nx:ny:)`` for eight pixels at once.
    @inline(__always)
    static func fraction(inside d: SIMD8<Float>, nx: SIMD8<Float>, ny: SIMD8<Float>) -> SIMD8<Float> {
        let ax = nx.replacing(with: -nx, where: nx .< 0)
        let ay = ny.replacing(with: -ny, where: ny .< 0)
        let xBigger = ax .> ay
        let a = ay.replacing(with: ax, where: xBigger)
        let b = ax.replacing(with: ay, where: xBigger)
        let s = (a + b) * 0.5
        let t = (a - b) * 0.5
        @inline(__always) func ramp2(_ x: SIMD8<Float>) -> SIMD8<Float> {
            let r = x.replacing(with: 0, where: x .< 0)
            return r * r
        }
        let area = ramp2(d + s) - ramp2(d + t) - ramp2(d - t) + ramp2(d - s)
        var coverage = area / (2 * a * b)
        // Nearly axis-aligned edges: the linear ramp (the trapezoid's limit), avoiding 0/0.
        coverage.replace(with: d / a + 0.5, where: b .< 1e-3)
        coverage.replace(with: 1, where: d .>= s)
        coverage.replace(with: 0, where: d .<= -s)
        coverage.replace(with: 0, where: coverage .< 0)
        coverage.replace(with: 1, where: coverage .> 1)
        return coverage
    }
}
