import GlintMedia

/// Rendered badge artwork prepared for matching against a patch of a picture.
///
/// A badge composited over a background `B` gives, per pixel, `I = a S + (1 - a) B` (`a` the
/// artwork's alpha, `S` its luma). The match fits that model to the patch by weighted least
/// squares, `I ≈ c1 (a S) + c2 (1 - a) + c3 a` (`c2` the local background, `c1` and `c3` a gain
/// and offset for the artwork's colours after compression or colour conversion), over the pixels
/// the badge covers (weight `a`), and scores the fit by the square root of its coefficient of
/// determination (0...1). A soft shadow over a bright sky and a solid plate over anything then
/// both score 1 where the badge exactly is. Downscaled templates average `a S` and `a` over each
/// block, which is exactly what averaging the composited picture over the block gives.
struct BadgeTemplate {
    let width: Int
    let height: Int
    /// Per pixel: weight `w = a`, and `w u`, `w v`, `w a` with `u = a S`, `v = 1 - a`.
    private let w: [Float], wu: [Float], wv: [Float], wa: [Float]
    private let weightSum: Float
    /// The inverse of the weighted Gram matrix of (u, v, a), row-major.
    private let inverse: [Double]

    /// The template of `artwork` shrunk by `factor` (a box average).
    init(_ artwork: RGBAImage, factor: Int) {
        let tw = max(1, artwork.width / factor)
        let th = max(1, artwork.height / factor)
        var alpha = [Float](repeating: 0, count: tw * th)
        var premultiplied = [Float](repeating: 0, count: tw * th)
        for y in 0..<min(artwork.height, th * factor) {
            for x in 0..<min(artwork.width, tw * factor) {
                let i = (y * artwork.width + x) * 4
                let a = Float(artwork.pixels[i + 3]) / 255
                let luma = 0.299 * Float(artwork.pixels[i]) + 0.587 * Float(artwork.pixels[i + 1]) + 0.114 * Float(artwork.pixels[i + 2])
                let o = (y / factor) * tw + x / factor
                alpha[o] += a
                premultiplied[o] += a * luma
            }
        }
        let area = Float(factor * factor)
        var w = [Float](repeating: 0, count: tw * th)
        var wu = w
        var wv = w
        var wa = w
        var gram = [Double](repeating: 0, count: 9)
        var sum: Float = 0
        for i in 0..<(tw * th) {
            let a = alpha[i] / area
            let u = premultiplied[i] / area
            let v = 1 - a
            w[i] = a
            wu[i] = a * u
            wv[i] = a * v
            wa[i] = a * a
            sum += a
            let r = [Double(u), Double(v), Double(a)]
            for j in 0..<3 { for k in 0..<3 { gram[j * 3 + k] += Double(a) * r[j] * r[k] } }
        }
        // A touch of ridge keeps the solve stable for artwork of one colour (u proportional to a).
        let ridge = 1e-6 * (gram[0] + gram[4] + gram[8]) + 1e-9
        for j in 0..<3 { gram[j * 4] += ridge }
        (width, height, self.w, self.wu, self.wv, self.wa, weightSum) = (tw, th, w, wu, wv, wa, sum)
        inverse = Self.invert(gram)
    }

    /// How well the badge model fits the patch of `plane` whose top-left corner is (`x`, `y`),
    /// 0...1; -1 when the patch is not inside the plane or is flat.
    func score(in plane: LumaPlane, x: Int, y: Int) -> Float {
        guard x >= 0, y >= 0, x + width <= plane.width, y + height <= plane.height, weightSum > 0 else { return -1 }
        var sI = 0.0
        var sII = 0.0
        var sUI = 0.0
        var sVI = 0.0
        var sAI = 0.0
        plane.values.withUnsafeBufferPointer { values in
            w.withUnsafeBufferPointer { w in
                wu.withUnsafeBufferPointer { wu in
                    wv.withUnsafeBufferPointer { wv in
                        wa.withUnsafeBufferPointer { wa in
                            for row in 0..<height {
                                // Rows are summed in Float (short), then added up in Double.
                                let p = (y + row) * plane.width + x
                                let t = row * width
                                var rI: Float = 0
                                var rII: Float = 0
                                var rUI: Float = 0
                                var rVI: Float = 0
                                var rAI: Float = 0
                                for column in 0..<width {
                                    // Centred on mid grey, so the sums of squares lose no precision.
                                    let value = values[p + column] - 128
                                    let k = t + column
                                    rI += w[k] * value
                                    rII += w[k] * value * value
                                    rUI += wu[k] * value
                                    rVI += wv[k] * value
                                    rAI += wa[k] * value
                                }
                                sI += Double(rI)
                                sII += Double(rII)
                                sUI += Double(rUI)
                                sVI += Double(rVI)
                                sAI += Double(rAI)
                            }
                        }
                    }
                }
            }
        }
        let b = [sUI, sVI, sAI]
        let mean = sI * sI / Double(weightSum)
        let total = sII - mean
        guard total > 1e-3 * Double(weightSum) else { return -1 }
        var explained = 0.0
        for j in 0..<3 {
            var c = 0.0
            for k in 0..<3 { c += inverse[j * 3 + k] * b[k] }
            explained += c * b[j]
        }
        let r2 = (explained - mean) / total
        return Float(max(0, min(1, r2)).squareRoot())
    }

    /// The inverse of a 3x3 matrix (the identity when it is singular).
    private static func invert(_ m: [Double]) -> [Double] {
        let c00 = m[4] * m[8] - m[5] * m[7]
        let c01 = m[5] * m[6] - m[3] * m[8]
        let c02 = m[3] * m[7] - m[4] * m[6]
        let determinant = m[0] * c00 + m[1] * c01 + m[2] * c02
        guard abs(determinant) > 1e-300 else { return [1, 0, 0, 0, 1, 0, 0, 0, 1] }
        let d = 1 / determinant
        return [
            c00 * d, (m[2] * m[7] - m[1] * m[8]) * d, (m[1] * m[5] - m[2] * m[4]) * d,
            c01 * d, (m[0] * m[8] - m[2] * m[6]) * d, (m[2] * m[3] - m[0] * m[5]) * d,
            c02 * d, (m[1] * m[6] - m[0] * m[7]) * d, (m[0] * m[4] - m[1] * m[3]) * d,
        ]
    }
}
