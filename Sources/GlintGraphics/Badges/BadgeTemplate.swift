import GlintMedia

/// Rendered badge artwork prepared for matching: its luma, weighted by its alpha, centred, so
/// that the alpha-weighted normalised cross-correlation with a patch of a picture is one pass of
/// multiply-adds. Transparent parts of the artwork (weight 0) do not count: only what the badge
/// covers is compared, whatever lies around it.
struct BadgeTemplate {
    let width: Int
    let height: Int
    /// Alpha (0...1) per pixel.
    private let weights: [Float]
    /// `weight * (luma - weighted mean luma)` per pixel.
    private let centred: [Float]
    private let weightSum: Float
    /// `sum(weight * (luma - mean)^2)`.
    private let variance: Float

    /// The template of `artwork` shrunk by `factor` (a box average, alpha-weighted).
    init(_ artwork: RGBAImage, factor: Int) {
        let w = max(1, artwork.width / factor), h = max(1, artwork.height / factor)
        var alpha = [Float](repeating: 0, count: w * h), luma = [Float](repeating: 0, count: w * h)
        for y in 0..<(h * factor) where y < artwork.height {
            for x in 0..<(w * factor) where x < artwork.width {
                let i = (y * artwork.width + x) * 4
                let a = Float(artwork.pixels[i + 3]) / 255
                let l = 0.299 * Float(artwork.pixels[i]) + 0.587 * Float(artwork.pixels[i + 1]) + 0.114 * Float(artwork.pixels[i + 2])
                let o = (y / factor) * w + x / factor
                alpha[o] += a
                luma[o] += a * l
            }
        }
        let area = Float(factor * factor)
        var sum: Float = 0, weighted: Float = 0
        for i in 0..<(w * h) {
            if alpha[i] > 0 { luma[i] /= alpha[i] }
            alpha[i] /= area
            sum += alpha[i]
            weighted += alpha[i] * luma[i]
        }
        let mean = sum > 0 ? weighted / sum : 0
        var variance: Float = 0
        var centred = [Float](repeating: 0, count: w * h)
        for i in 0..<(w * h) {
            centred[i] = alpha[i] * (luma[i] - mean)
            variance += alpha[i] * (luma[i] - mean) * (luma[i] - mean)
        }
        (width, height, weights, self.centred, weightSum, self.variance) = (w, h, alpha, centred, sum, variance)
    }

    /// The alpha-weighted normalised cross-correlation (-1...1) of the template with the patch
    /// of `plane` whose top-left corner is (`x`, `y`); -1 when the patch is not inside the plane
    /// or either side is flat.
    func score(in plane: LumaPlane, x: Int, y: Int) -> Float {
        guard x >= 0, y >= 0, x + width <= plane.width, y + height <= plane.height, variance > 0, weightSum > 0 else { return -1 }
        var sumI: Float = 0, sumII: Float = 0, cross: Float = 0
        plane.values.withUnsafeBufferPointer { v in
            weights.withUnsafeBufferPointer { w in
                centred.withUnsafeBufferPointer { c in
                    for row in 0..<height {
                        let p = (y + row) * plane.width + x, t = row * width
                        for column in 0..<width {
                            let value = v[p + column], weight = w[t + column]
                            sumI += weight * value
                            sumII += weight * value * value
                            cross += c[t + column] * value
                        }
                    }
                }
            }
        }
        let varianceI = sumII - sumI * sumI / weightSum
        guard varianceI > 1e-3 else { return -1 }
        return cross / (variance * varianceI).squareRoot()
    }
}
