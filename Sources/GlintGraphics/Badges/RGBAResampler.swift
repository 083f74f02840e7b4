import GlintMedia

/// Resizes straight-alpha RGBA images (badge artwork) with a separable box filter in
/// premultiplied alpha: each output pixel averages the source pixels under its footprint (one
/// output pixel wide when shrinking, one source pixel wide when enlarging, which interpolates
/// linearly), so transparent pixels never bleed their colour into the edges.
enum RGBAResampler {
    /// `image` at `width` x `height`; the image itself when the size is already that.
    static func resample(_ image: RGBAImage, width: Int, height: Int) -> RGBAImage {
        guard width != image.width || height != image.height else { return image }
        // Premultiply into floats.
        var premultiplied = [Float](repeating: 0, count: image.width * image.height * 4)
        for p in 0..<(image.width * image.height) {
            let a = Float(image.pixels[p * 4 + 3]) / 255
            premultiplied[p * 4] = Float(image.pixels[p * 4]) * a
            premultiplied[p * 4 + 1] = Float(image.pixels[p * 4 + 1]) * a
            premultiplied[p * 4 + 2] = Float(image.pixels[p * 4 + 2]) * a
            premultiplied[p * 4 + 3] = a * 255
        }
        let columns = weights(source: image.width, output: width)
        let rows = weights(source: image.height, output: height)
        // Horizontal pass: image.height rows of `width` pixels.
        var horizontal = [Float](repeating: 0, count: width * image.height * 4)
        for y in 0..<image.height {
            for x in 0..<width {
                for (i, w) in columns[x] {
                    let s = (y * image.width + i) * 4
                    let d = (y * width + x) * 4
                    for c in 0..<4 { horizontal[d + c] += premultiplied[s + c] * w }
                }
            }
        }
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                var sum: (Float, Float, Float, Float) = (0, 0, 0, 0)
                for (j, w) in rows[y] {
                    let s = (j * width + x) * 4
                    sum.0 += horizontal[s] * w
                    sum.1 += horizontal[s + 1] * w
                    sum.2 += horizontal[s + 2] * w
                    sum.3 += horizontal[s + 3] * w
                }
                let d = (y * width + x) * 4
                let alpha = min(255, max(0, sum.3))
                guard alpha > 0.5 else { continue }
                let scale = 255 / alpha
                pixels[d] = UInt8(min(255, max(0, (sum.0 * scale + 0.5).rounded(.down))))
                pixels[d + 1] = UInt8(min(255, max(0, (sum.1 * scale + 0.5).rounded(.down))))
                pixels[d + 2] = UInt8(min(255, max(0, (sum.2 * scale + 0.5).rounded(.down))))
                pixels[d + 3] = UInt8((alpha + 0.5).rounded(.down))
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// For each output index, the source indices and their normalised weights.
    private static func weights(source: Int, output: Int) -> [[(Int, Float)]] {
        let scale = Double(source) / Double(output)
        let footprint = max(scale, 1)
        return (0..<output).map { o in
            let centre = (Double(o) + 0.5) * scale
            let low = max(0, centre - footprint / 2)
            let high = min(Double(source), centre + footprint / 2)
            var list: [(Int, Float)] = []
            var total = 0.0
            var i = Int(low.rounded(.down))
            while Double(i) < high, i < source {
                let overlap = min(high, Double(i + 1)) - max(low, Double(i))
                if overlap > 0 {
                    list.append((i, Float(overlap)))
                    total += overlap
                }
                i += 1
            }
            if list.isEmpty {
                list = [(min(source - 1, max(0, Int(centre))), 1)]
                total = 1
            }
            return list.map { ($0.0, Float(Double($0.1) / total)) }
        }
    }
}
