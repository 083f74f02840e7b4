import Foundation

/// A 2D affine map of continuous image coordinates (origin at the top-left corner, y down):
/// `(x, y) -> (a x + c y + tx, b x + d y + ty)`.
///
/// Geometry code composes rotations, mirrors, crops and scales as plain functions of a point and
/// then captures the result as one transform (``init(mapping:)``), so that pixels are resampled
/// once, whatever the chain.
public struct AffineMap: Sendable, Equatable, CustomStringConvertible {
    public var a: Double
    public var b: Double
    public var c: Double
    public var d: Double
    public var tx: Double
    public var ty: Double

    /// The transform that changes nothing.
    public static let identity = AffineMap(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// Creates a transform from its six coefficients.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    /// Captures an affine function of a point (any composition of rotations, mirrors, scales
    /// and translations) by probing it at three points.
    /// - Precondition: `map` is affine; anything else is approximated by its values at (0, 0),
    ///   (1, 0) and (0, 1).
    public init(mapping map: (Double, Double) -> (x: Double, y: Double)) {
        let origin = map(0, 0)
        let ex = map(1, 0)
        let ey = map(0, 1)
        self.init(
            a: ex.x - origin.x, b: ex.y - origin.y, c: ey.x - origin.x, d: ey.y - origin.y,
            tx: origin.x, ty: origin.y)
    }

    /// Maps a point.
    public func apply(x: Double, y: Double) -> (x: Double, y: Double) {
        (a * x + c * y + tx, b * x + d * y + ty)
    }

    /// A clockwise rotation by `radians` about the origin (y pointing down).
    public static func rotation(radians: Double) -> AffineMap {
        let cosine = cos(radians)
        let sine = sin(radians)
        return AffineMap(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    public var description: String { "[\(a) \(c) \(tx); \(b) \(d) \(ty)]" }
}
