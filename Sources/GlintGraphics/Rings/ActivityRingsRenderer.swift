import GlintMedia

/// Draws the Activity Rings to the spec (`shared/spec/rings-and-badges.md`).
///
/// Three concentric rings on black, Move outside, Exercise, Stand inside. Each ring is a 15%
/// track (its label colour at 15% over black) under a progress arc that starts at 12 o'clock and
/// runs clockwise with round caps, coloured by an angular gradient from the ring's tail colour to
/// its head colour over the angle travelled. Below 100% the arc is shortened so that its round
/// head cap ends exactly on the value; above 100% the arc overlaps itself, the later lap over the
/// earlier, and the head cap casts a soft black shadow (``RingShadow``) onto the lap beneath.
///
/// Pixels are computed analytically: each ring's shapes have exact signed distances, turned into
/// pixel coverage by ``PixelCoverage`` (box-filter anti-aliasing), and coverage-weighted colours
/// are summed over black on sRGB-encoded values (as cairo blends). Thread-safe: it holds no state.
public enum ActivityRingsRenderer {
    /// Internal switches for tests (the shadow can be left out to compare with a reference that
    /// has none). Callers of the public API always get the full drawing.
    struct Options: Sendable {
        var shadow = true
        var alwaysAlpha = false
    }

    /// Renders `request`.
    /// - Returns: The pixels (RGB for a square canvas, RGBA for a circle), the geometry and the
    ///   corrections made (a margin widened to the spec's minimum, a progress too small for an
    ///   arc drawn as a dot).
    /// - Throws: ``RingsError`` for a size, scale or margin outside the accepted ranges.
    public static func render(_ request: ActivityRingsRequest) throws -> RenderedActivityRings {
        try render(request, options: Options())
    }

    static func render(_ request: ActivityRingsRequest, options: Options) throws -> RenderedActivityRings {
        var (geometry, corrections) = try request.geometry()
        // The circle's anti-aliased edge and the outer ring's must never share a pixel.
        precondition(
            geometry.outerEdge + Double(PixelCoverage.reach) <= geometry.centre - Double(PixelCoverage.reach),
            "ring geometry leaves no black between the outer ring and the canvas edge")
        let arcs = ActivityRing.allCases.map {
            RingArc(ring: $0, progress: request.progress(of: $0).fraction, geometry: geometry, shadowEnabled: options.shadow)
        }
        for (ring, arc) in zip(ActivityRing.allCases, arcs) {
            if let correction = arc.correction(ring: ring, progress: request.progress(of: ring).fraction) { corrections.append(correction) }
        }
        let (pixels, channels) = RingRasteriser(arcs: arcs, geometry: geometry, shape: request.shape)
            .render(alwaysAlpha: options.alwaysAlpha)
        let size = geometry.canvasSize
        let image: ActivityRingsImage =
            channels == 4
            ? .transparent(RGBAImage(width: size, height: size, pixels: pixels))
            : .opaque(RGBImage(width: size, height: size, pixels: pixels))
        return RenderedActivityRings(request: request, geometry: geometry, corrections: corrections, image: image)
    }
}
