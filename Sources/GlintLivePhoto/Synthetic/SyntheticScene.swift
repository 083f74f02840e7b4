import Foundation
import GlintMedia

/// A deterministic, colourful test picture: gradients, saturated discs, a grey ramp and a disc
/// that moves with time, so generated stills and frames show the same scene.
///
/// Every pixel is the background blended with each disc in turn, by how much of a soft one-pixel
/// edge covers it. A row is worked out in doubles and rounded once; a disc is only looked at over
/// the columns of the rows it can reach (every fixture of the tests is rendered here, so the
/// picture must be quick to make in a debug build too).
public enum SyntheticScene {
    /// A disc: its centre (`x` across, `y` down, 0...1 of the picture), radius (of the height) and colour.
    struct Disc {
        var x: Double
        var y: Double
        var r: Double
        var red: Double
        var green: Double
        var blue: Double
    }

    /// The discs at time `t`, drawn in this order (the last one moves from left to right).
    static func discs(at t: Double) -> [Disc] {
        [
            Disc(x: 0.28, y: 0.35, r: 0.16, red: 0.85, green: 0.12, blue: 0.10),
            Disc(x: 0.62, y: 0.30, r: 0.13, red: 0.10, green: 0.70, blue: 0.25),
            Disc(x: 0.45, y: 0.62, r: 0.14, red: 0.15, green: 0.25, blue: 0.85),
            Disc(x: 0.80, y: 0.68, r: 0.10, red: 0.95, green: 0.80, blue: 0.10),
            Disc(x: 0.15 + 0.7 * t, y: 0.88, r: 0.06, red: 0.95, green: 0.95, blue: 0.95),
        ]
    }

    /// Renders the scene at time `t` (0...1 across the movie) in display orientation.
    public static func render(width: Int, height: Int, time t: Double) -> RGBImage {
        var image = RGBImage(width: width, height: height)
        guard width > 0, height > 0 else { return image }
        let discs = Self.discs(at: t)
        var row = [Double](repeating: 0, count: width * 3)
        image.pixels.withUnsafeMutableBufferPointer { pixels in
            row.withUnsafeMutableBufferPointer { row in
                var y = 0
                while y < height {
                    let v = (Double(y) + 0.5) / Double(height)
                    fillBackground(row, v: v, width: width)
                    for disc in discs {
                        blend(disc, into: row, v: v, width: width, height: height)
                    }
                    round(row, into: pixels, at: y * width * 3)
                    y += 1
                }
            }
        }
        return image
    }

    /// The background of the row at `v`: gradients, and a grey ramp along the top.
    private static func fillBackground(_ row: UnsafeMutableBufferPointer<Double>, v: Double, width: Int) {
        var x = 0
        while x < width {
            let u = (Double(x) + 0.5) / Double(width)
            let i = x * 3
            if v < 0.1 {
                row[i] = u
                row[i + 1] = u
                row[i + 2] = u
            } else {
                row[i] = 0.25 + 0.5 * u
                row[i + 1] = 0.3 + 0.4 * v
                row[i + 2] = 0.75 - 0.45 * u * v
            }
            x += 1
        }
    }

    /// Blends `disc` into the row at `v`, over the columns its edge can reach: a pixel whose
    /// centre is two edge widths or more outside the disc is left alone, as it would be anyway.
    private static func blend(_ disc: Disc, into row: UnsafeMutableBufferPointer<Double>, v: Double, width: Int, height: Int) {
        // A soft one-pixel edge keeps the picture free of aliasing at any size.
        let edge = 1.5 / Double(height)
        let reach = disc.r + 2 * edge
        let dy = v - disc.y
        guard abs(dy) < reach else { return }
        let aspect = Double(width) / Double(height)
        let first = Swift.max(0, Int(((disc.x - reach / aspect) * Double(width) - 0.5).rounded(.down)))
        let last = Swift.min(width - 1, Int(((disc.x + reach / aspect) * Double(width) - 0.5).rounded(.up)))
        var x = first
        while x <= last {
            let u = (Double(x) + 0.5) / Double(width)
            let dx = (u - disc.x) * aspect
            let d = (dx * dx + dy * dy).squareRoot() - disc.r
            var cover = 0.5 - d / edge
            if cover > 1 { cover = 1 }
            if cover > 0 {
                let i = x * 3
                row[i] = row[i] + (disc.red - row[i]) * cover
                row[i + 1] = row[i + 1] + (disc.green - row[i + 1]) * cover
                row[i + 2] = row[i + 2] + (disc.blue - row[i + 2]) * cover
            }
            x += 1
        }
    }

    /// The row's colours (0...1) as bytes, from `offset` in `pixels`.
    private static func round(_ row: UnsafeMutableBufferPointer<Double>, into pixels: UnsafeMutableBufferPointer<UInt8>, at offset: Int) {
        var i = 0
        while i < row.count {
            pixels[offset + i] = UInt8((row[i] * 255).rounded())
            i += 1
        }
    }
}
