import GlintMedia

extension RGBAImage {
    /// The image with `orientation` applied to its pixels (turned and/or mirrored), as
    /// ``GlintMedia/RGBImage/transformed(by:)`` does for RGB.
    func transformed(by orientation: Orientation) -> RGBAImage {
        guard orientation != .up else { return self }
        let (outWidth, outHeight) = orientation.displaySize(width: width, height: height)
        var output = [UInt8](repeating: 0, count: pixels.count)
        for y in 0..<height {
            for x in 0..<width {
                let p = orientation.apply(x: Double(x) + 0.5, y: Double(y) + 0.5, width: Double(width), height: Double(height))
                let dx = Int(p.x - 0.5)
                let dy = Int(p.y - 0.5)
                let s = (y * width + x) * 4
                let d = (dy * outWidth + dx) * 4
                output[d] = pixels[s]
                output[d + 1] = pixels[s + 1]
                output[d + 2] = pixels[s + 2]
                output[d + 3] = pixels[s + 3]
            }
        }
        return RGBAImage(width: outWidth, height: outHeight, pixels: output)
    }
}
