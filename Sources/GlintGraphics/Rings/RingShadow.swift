import Foundation

/// The soft black shadow that the head of a ring above 100% casts onto the lap beneath it.
///
/// The spec: offset about thickness/10 along the direction of travel, blur about thickness/3,
/// black. Here the shadow is the head cap's disc (radius thickness/2) moved forward by
/// thickness/10 and blurred by a Gaussian of σ = thickness/6 (so that the blur's visible reach,
/// about 2σ, is thickness/3, as Core Graphics counts a shadow's blur), at ``opacity``. The
/// blurred disc is evaluated as the normal CDF of the signed distance to the disc's edge (exact
/// for a straight edge; the disc's radius is 3σ, where the difference is a few levels at most).
/// It darkens only what lies ahead of the head (the earlier lap); the newest lap, behind the
/// head, is level with the cap and gets none.
struct RingShadow: Sendable {
    /// Peak darkening (black at this alpha).
    static let opacity: Float = 0.5

    /// Centre of the shadow disc, relative to the group centre (pixels, y down).
    let centreX: Float
    let centreY: Float
    /// Radius of the disc (half the thickness).
    let radius: Float
    /// Standard deviation of the blur.
    let sigma: Float
    /// Beyond this distance from the centre the shadow is below 1/1000 and is skipped.
    let reach: Float

    init(headX: Double, headY: Double, tangentX: Double, tangentY: Double, thickness: Double) {
        let offset = thickness / 10
        centreX = Float(headX + tangentX * offset)
        centreY = Float(headY + tangentY * offset)
        radius = Float(thickness / 2)
        sigma = Float(max(thickness / 6, 0.25))
        reach = radius + 4 * sigma
    }

    /// The fraction of light left at (x, y): 1 - opacity x the blurred disc there.
    @inline(__always)
    func transmission(x: Float, y: Float) -> Float {
        let dx = x - centreX
        let dy = y - centreY
        let d2 = dx * dx + dy * dy
        if d2 >= reach * reach { return 1 }
        let signed = (d2.squareRoot() - radius) / sigma
        let covered = 0.5 * erfc(signed * 0.70710678)
        return 1 - Self.opacity * covered
    }
}
