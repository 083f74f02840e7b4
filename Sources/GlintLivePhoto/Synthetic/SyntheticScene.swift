import Foundation
import GlintMedia

/// A deterministic, colourful test picture: gradients, saturated discs, a grey ramp and a disc
/// that moves with time, so generated stills and frames show the same scene.
public enum SyntheticScene {
    /// Renders the scene at time `t` (0...1 across the movie) in display orientation.
    public static func render(width: Int, height: Int, time t: Double) -> RGBImage {
        var image = RGBImage(width: width, height: height)
        let discs: [(x: Double, y: Double, r: Double, colour: (Double, Double, Double))] = [
            (0.28, 0.35, 0.16, (0.85, 0.12, 0.10)),
            (0.62, 0.30, 0.13, (0.10, 0.70, 0.25)),
            (0.45, 0.62, 0.14, (0.15, 0.25, 0.85)),
            (0.80, 0.68, 0.10, (0.95, 0.80, 0.10)),
            (0.15 + 0.7 * t, 0.88, 0.06, (0.95, 0.95, 0.95)),
        ]
        let aspect = Double(width) / Double(height)
        image.pixels.withUnsafeMutableBufferPointer { pixels in
            for y in 0..<height {
                let v = (Double(y) + 0.5) / Double(height)
                for x in 0..<width {
                    let u = (Double(x) + 0.5) / Double(width)
                    var colour = (0.25 + 0.5 * u, 0.3 + 0.4 * v, 0.75 - 0.45 * u * v)
                    if v < 0.1 { colour = (u, u, u) }  // a grey ramp along the top
                    for disc in discs {
                        let dx = (u - disc.x) * aspect
                        let dy = v - disc.y
                        let d = (dx * dx + dy * dy).squareRoot() - disc.r
                        // A soft one-pixel edge keeps the picture free of aliasing at any size.
                        let edge = 1.5 / Double(height)
                        let cover = min(max(0.5 - d / edge, 0), 1)
                        if cover > 0 {
                            colour = (
                                colour.0 + (disc.colour.0 - colour.0) * cover,
                                colour.1 + (disc.colour.1 - colour.1) * cover,
                                colour.2 + (disc.colour.2 - colour.2) * cover
                            )
                        }
                    }
                    let i = (y * width + x) * 3
                    pixels[i] = UInt8((colour.0 * 255).rounded())
                    pixels[i + 1] = UInt8((colour.1 * 255).rounded())
                    pixels[i + 2] = UInt8((colour.2 * 255).rounded())
                }
            }
        }
        return image
    }
}
