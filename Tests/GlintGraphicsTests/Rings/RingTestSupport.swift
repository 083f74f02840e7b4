import Foundation
import GlintMedia

@testable import GlintGraphics

/// Helpers shared by the ring tests: rendering requests and reading colours off the pixels.
enum RingTestSupport {
    /// A request with the three progress fractions.
    static func request(
        _ move: Double, _ exercise: Double, _ stand: Double, size: Int, scale: Int = 1,
        shape: RingCanvasShape = .square, margin: Double = RingGeometry.defaultMarginFraction
    ) throws -> ActivityRingsRequest {
        ActivityRingsRequest(
            move: try RingProgress(fraction: move), exercise: try RingProgress(fraction: exercise),
            stand: try RingProgress(fraction: stand), size: size, scale: scale, shape: shape, marginFraction: margin)
    }

    /// Renders `request` to RGBA, with or without the head shadow.
    static func render(_ request: ActivityRingsRequest, shadow: Bool = true) throws -> RenderedActivityRings {
        try ActivityRingsRenderer.render(request, options: .init(shadow: shadow))
    }

    /// The RGB of pixel (x, y) as doubles.
    static func rgb(_ image: RGBAImage, _ x: Int, _ y: Int) -> SIMD3<Double> {
        let p = image[x, y]
        return SIMD3(Double(p.r), Double(p.g), Double(p.b))
    }

    /// The pixel whose square contains the point at `angle` (clockwise from 12 o'clock, radians),
    /// `radius` pixels from the canvas centre.
    static func pixel(atAngle angle: Double, radius: Double, geometry: RingGeometry) -> (x: Int, y: Int) {
        let c = geometry.centre
        return (Int((c + radius * sin(angle)).rounded(.down)), Int((c - radius * cos(angle)).rounded(.down)))
    }

    /// Where the spec puts the end of the arc body (the head cap's centre), radians.
    static func specEnd(progress: Double, radius: Double, thickness: Double) -> Double {
        max(2 * Double.pi * progress - atan(thickness / (2 * radius)), 0)
    }

    /// The largest per-channel difference.
    static func maxChannelDifference(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double {
        let d = absolute(a - b)
        return max(d.x, d.y, d.z)
    }

    /// Element-wise absolute value.
    static func absolute(_ v: SIMD3<Double>) -> SIMD3<Double> { SIMD3(abs(v.x), abs(v.y), abs(v.z)) }
}
