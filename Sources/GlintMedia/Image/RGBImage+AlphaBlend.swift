extension RGBImage {
    /// Blends a straight-alpha `overlay` onto this image, "over", with the overlay's top-left
    /// pixel at (`x`, `y`), in this image's own encoded values, as browsers and image editors
    /// composite 8-bit images: `out = (overlay * a + image * (255 - a)) / 255`, rounded. Parts of
    /// the overlay outside the image are dropped; pixels under fully transparent overlay pixels
    /// are left exactly as they were.
    public mutating func blend(_ overlay: RGBAImage, x: Int, y: Int) {
        let x0 = max(0, x)
        let y0 = max(0, y)
        let x1 = min(width, x + overlay.width)
        let y1 = min(height, y + overlay.height)
        guard x0 < x1, y0 < y1 else { return }
        let width = self.width
        overlay.pixels.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { target in
                for row in y0..<y1 {
                    for column in x0..<x1 {
                        let s = ((row - y) * overlay.width + (column - x)) * 4
                        let a = Int(source[s + 3])
                        guard a > 0 else { continue }
                        let d = (row * width + column) * 3
                        for c in 0..<3 {
                            target[d + c] = UInt8((Int(source[s + c]) * a + Int(target[d + c]) * (255 - a) + 127) / 255)
                        }
                    }
                }
            }
        }
    }
}
