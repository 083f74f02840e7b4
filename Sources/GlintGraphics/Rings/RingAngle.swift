/// The angle of a point about the ring centre, clockwise from 12 o'clock, in [0, 2π): what
/// `atan2(x, -y)` gives (y pointing down), computed inline with a polynomial instead of libm's
/// `atan2f`, which was the largest single cost of rendering.
///
/// The arctangent of a ratio in [0, 1] uses the odd minimax polynomial of Abramowitz and Stegun's
/// 4.4.49 family, whose error is below 1.0e-5 rad: under 0.05 px at the 8192 px limit's largest
/// ring radius, far below what a pixel's coverage can resolve.
enum RingAngle {
    @inline(__always)
    static func clockwiseFromTop(x: Float, y: Float) -> Float {
        let u = x
        let v = -y
        let au = abs(u)
        let av = abs(v)
        let big = max(au, av)
        let small = min(au, av)
        if big == 0 { return 0 }
        let t = small / big
        let t2 = t * t
        var a = t * (0.99997726 + t2 * (-0.33262347 + t2 * (0.19354346 + t2 * (-0.11643287 + t2 * (0.05265332 + t2 * -0.01172120)))))
        // a is the angle from the nearer axis; make it the angle from the v (12 o'clock) axis.
        if au > av { a = Float.pi / 2 - a }
        switch (u >= 0, v >= 0) {
        case (true, true): return a
        case (true, false): return Float.pi - a
        case (false, false): return Float.pi + a
        case (false, true): return a == 0 ? 0 : 2 * Float.pi - a
        }
    }
}
