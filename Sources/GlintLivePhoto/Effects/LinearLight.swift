import GlintMedia

/// Pixel arithmetic in linear light: code values are decoded with the sRGB curve (the curve the
/// project uses for stills and frames alike, see ``ToneAdjustment``), combined, and encoded
/// again, so a blend of two pictures looks like the light of both rather than a muddy mix of
/// their code values.
enum LinearLight {
    /// Code value to linear light.
    static let decode: [Float] = (0..<256).map { Float(TransferCurve.decode(Double($0) / 255)) }

    /// Linear light (clamped to 0...1) to code value.
    @inline(__always)
    static func encode(_ value: Float, table: UnsafeBufferPointer<UInt8>) -> UInt8 {
        table[Int(min(max(value, 0), 1) * Float(TransferCurve.encodeTableSize - 1) + 0.5)]
    }

    /// `(1 - weight) * a + weight * b`, per channel in linear light.
    /// - Precondition: `a` and `b` have the same size.
    static func blend(_ a: RGBImage, _ b: RGBImage, weight: Double) -> RGBImage {
        precondition(a.width == b.width && a.height == b.height, "blended images must have the same size")
        if weight <= 0 { return a }
        if weight >= 1 { return b }
        let w = Float(weight)
        let keep = 1 - Float(weight)
        var output = a
        decode.withUnsafeBufferPointer { lut in
            TransferCurve.encodeTable.withUnsafeBufferPointer { table in
                b.pixels.withUnsafeBufferPointer { q in
                    output.pixels.withUnsafeMutableBufferPointer { p in
                        for i in 0..<p.count {
                            p[i] = encode(lut[Int(p[i])] * keep + lut[Int(q[i])] * w, table: table)
                        }
                    }
                }
            }
        }
        return output
    }
}
