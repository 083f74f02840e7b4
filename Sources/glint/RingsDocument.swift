import GlintGraphics

/// What `glint rings --json` prints: the file written, the geometry drawn, the progress and any
/// corrections made to keep to the spec.
struct RingsDocument: Encodable {
    struct Output: Encodable {
        var path: String
        var format: String
        var bytes: Int
        var width: Int
        var height: Int
        var shape: String
    }

    struct Geometry: Encodable {
        var canvasSize: Int
        var scale: Int
        var outerDiameter: Double
        var thickness: Double
        var gap: Double
        var margin: Double
        var marginRule: String
        /// Band-centre radius of each ring.
        var radii: [String: Double]
        /// Outer diameter of each ring.
        var diameters: [String: Double]
    }

    struct Progress: Encodable {
        var fraction: Double
        var value: Double?
        var goal: Double?
    }

    var output: Output
    var geometry: Geometry
    var progress: [String: Progress]
    var corrections: [RingCorrection]

    init(_ rendered: RenderedActivityRings, path: String, format: RingsOutputFormat, bytes: Int) {
        let g = rendered.geometry
        output = Output(
            path: path, format: format.rawValue, bytes: bytes, width: g.canvasSize, height: g.canvasSize,
            shape: rendered.request.shape.rawValue)
        var radii: [String: Double] = [:]
        var diameters: [String: Double] = [:]
        var progress: [String: Progress] = [:]
        for ring in ActivityRing.allCases {
            radii[ring.rawValue] = g.radius(of: ring)
            diameters[ring.rawValue] = g.diameters[ring.index]
            let p = rendered.request.progress(of: ring)
            progress[ring.rawValue] = Progress(fraction: p.fraction, value: p.value, goal: p.goal)
        }
        geometry = Geometry(
            canvasSize: g.canvasSize, scale: g.scale, outerDiameter: g.outerDiameter, thickness: g.thickness,
            gap: g.gap, margin: g.margin, marginRule: g.marginRule.rawValue, radii: radii, diameters: diameters)
        self.progress = progress
        corrections = rendered.corrections
    }
}
