import GlintMedia

/// Straight-alpha "over" compositing of a badge onto a photo, done in the photo's own encoded
/// values (the badge having first been converted into the photo's colour space), as browsers and
/// image editors composite 8-bit images: `out = (badge * a + photo * (255 - a)) / 255`, rounded.
enum AlphaCompositing {
    /// Composites `overlay` onto an opaque `image` with its top-left corner at (`x`, `y`)
    /// (GlintMedia's ``GlintMedia/RGBImage/blend(_:x:y:)``, which the JPEG patch uses too).
    static func over(_ overlay: RGBAImage, onto image: inout RGBImage, x: Int, y: Int) {
        image.blend(overlay, x: x, y: y)
    }

    /// Composites `overlay` onto an RGBA `image` (a PNG with transparency): the result's alpha is
    /// `a + b (1 - a)` and its colour the alpha-weighted mix, so a badge over a transparent area
    /// is the badge itself.
    static func over(_ overlay: RGBAImage, onto image: inout RGBAImage, x: Int, y: Int) {
        let x0 = max(0, x)
        let y0 = max(0, y)
        let x1 = min(image.width, x + overlay.width)
        let y1 = min(image.height, y + overlay.height)
        guard x0 < x1, y0 < y1 else { return }
        let width = image.width
        overlay.pixels.withUnsafeBufferPointer { source in
            image.pixels.withUnsafeMutableBufferPointer { target in
                for row in y0..<y1 {
                    for column in x0..<x1 {
                        let s = ((row - y) * overlay.width + (column - x)) * 4
                        let a = Int(source[s + 3])
                        guard a > 0 else { continue }
                        let d = (row * width + column) * 4
                        let b = Int(target[d + 3])
                        // Everything scaled by 255 * 255.
                        let below = b * (255 - a)
                        let alpha = a * 255 + below
                        for c in 0..<3 {
                            let mixed = Int(source[s + c]) * a * 255 + Int(target[d + c]) * below
                            target[d + c] = UInt8((mixed + alpha / 2) / alpha)
                        }
                        target[d + 3] = UInt8((alpha + 127) / 255)
                    }
                }
            }
        }
    }
}
