/// Where the three rings lie on a square canvas, from the spec's formulas.
///
/// Given the canvas side S (pixels) and the scale (pixels per point), the ring group's outer
/// diameter D is the largest that keeps the outer margin (canvas edge to the outer ring's outer
/// edge) at least:
/// - ``marginFraction`` x S (default ``defaultMarginFraction``: 7.5% per side, so the group fills
///   85% of the view and 15% of the view lies around it, as HealthKit's own view leaves it);
/// - the gap between rings (the spec's rule "outer margin >= gap"); the gap depends on D, so when
///   this bound decides, D solves D + 2 gap(D) = S;
/// - ``minimumMarginPixels``, so that the anti-aliased edge of the outer ring never shares a pixel
///   with the anti-aliased edge of a circular canvas: black is always visible around the group.
///
/// Then thickness = 11/104 D, gap = D (0.0432692 - 0.0288462 clamp((D/scale - 29)/114, 0, 1)),
/// and each inner ring's outer diameter is the previous one's less 2 thickness + 2 gap. Radii are
/// measured to the centre of each band. Coordinates are in pixels with the origin at the canvas's
/// top-left corner; the group is centred at (S/2, S/2).
public struct RingGeometry: Sendable, Equatable, Codable {
    /// Ring thickness as a fraction of the outer diameter (11/104).
    public static let thicknessRatio = 11.0 / 104.0
    /// The default outer margin per side, as a fraction of the canvas side.
    public static let defaultMarginFraction = 0.075
    /// The smallest outer margin in pixels, whatever the fraction and gap.
    public static let minimumMarginPixels = 1.5
    /// Accepted canvas sides in pixels.
    public static let sizeRange = 16...8192
    /// Accepted scales (pixels per point).
    public static let scales = [1, 2, 3]
    /// Accepted margin fractions per side.
    public static let marginFractionRange = 0.0...0.3

    /// The canvas side in pixels.
    public let canvasSize: Int
    /// Pixels per point of the output.
    public let scale: Int
    /// The margin fraction asked for.
    public let marginFraction: Double
    /// Outer diameter of the group (the Move ring's outer edge), pixels.
    public let outerDiameter: Double
    /// Thickness of every ring's band, pixels.
    public let thickness: Double
    /// Distance between neighbouring bands, pixels.
    public let gap: Double
    /// Distance from the canvas edge to the outer ring's outer edge, pixels.
    public let margin: Double
    /// Which bound set the margin.
    public let marginRule: MarginRule
    /// Outer diameter of each ring, Move, Exercise, Stand.
    public let diameters: [Double]
    /// Radius of each ring's band centre line, Move, Exercise, Stand.
    public let radii: [Double]

    /// The bound that decided the outer margin.
    public enum MarginRule: String, Sendable, Codable {
        /// ``RingGeometry/marginFraction`` x S.
        case fraction
        /// The gap between rings (the spec's minimum).
        case gap
        /// ``RingGeometry/minimumMarginPixels``.
        case minimumPixels
    }

    /// The centre of the group (both coordinates), pixels.
    public var centre: Double { Double(canvasSize) / 2 }

    /// Computes the geometry.
    /// - Parameters:
    ///   - canvasSize: The canvas side in pixels, 16...8192.
    ///   - scale: Pixels per point, 1, 2 or 3.
    ///   - marginFraction: The outer margin per side as a fraction of the side, 0...0.3.
    /// - Throws: ``RingsError`` `.invalidSize`, `.invalidScale` or `.invalidMargin`.
    public init(canvasSize: Int, scale: Int = 1, marginFraction: Double = RingGeometry.defaultMarginFraction) throws {
        guard Self.sizeRange.contains(canvasSize) else {
            throw RingsError(.invalidSize, "a ring canvas must be \(Self.sizeRange.lowerBound) to \(Self.sizeRange.upperBound) px on a side, not \(canvasSize)")
        }
        guard Self.scales.contains(scale) else {
            throw RingsError(.invalidScale, "the scale must be 1, 2 or 3 pixels per point, not \(scale)")
        }
        guard marginFraction.isFinite, Self.marginFractionRange.contains(marginFraction) else {
            throw RingsError(.invalidMargin, "the margin must be a fraction of the side between 0 and 0.3, not \(marginFraction)")
        }
        let side = Double(canvasSize)
        let fixed = max(marginFraction * side, Self.minimumMarginPixels)
        var diameter = side - 2 * fixed
        var margin = fixed
        var rule: MarginRule = marginFraction * side >= Self.minimumMarginPixels ? .fraction : .minimumPixels
        if Self.gap(diameter: diameter, scale: scale) > fixed {
            // D + 2 gap(D) grows with D (its slope stays above 0.9), so bisection finds the root.
            var low = 0.0
            var high = side
            for _ in 0..<200 {
                let mid = (low + high) / 2
                if mid + 2 * Self.gap(diameter: mid, scale: scale) > side { high = mid } else { low = mid }
            }
            diameter = low
            margin = (side - diameter) / 2
            rule = .gap
        }
        let thickness = diameter * Self.thicknessRatio
        let gap = Self.gap(diameter: diameter, scale: scale)
        var diameters: [Double] = []
        var d = diameter
        for _ in ActivityRing.allCases {
            diameters.append(d)
            d -= 2 * thickness + 2 * gap
        }
        self.canvasSize = canvasSize
        self.scale = scale
        self.marginFraction = marginFraction
        self.outerDiameter = diameter
        self.thickness = thickness
        self.gap = gap
        self.margin = margin
        self.marginRule = rule
        self.diameters = diameters
        self.radii = diameters.map { $0 / 2 - thickness / 2 }
    }

    /// The spec's gap between rings for a group of outer diameter `diameter` pixels at `scale`.
    public static func gap(diameter: Double, scale: Int) -> Double {
        let points = diameter / Double(scale)
        let t = min(max((points - 29) / 114, 0), 1)
        return diameter * (0.0432692 - 0.0288462 * t)
    }

    /// The band centre radius of `ring`.
    public func radius(of ring: ActivityRing) -> Double { radii[ring.index] }

    /// The innermost edge of any band (the Stand ring's inner edge), pixels from the centre.
    public var innerEdge: Double { radii[2] - thickness / 2 }

    /// The outermost edge of any band, pixels from the centre.
    public var outerEdge: Double { outerDiameter / 2 }
}
