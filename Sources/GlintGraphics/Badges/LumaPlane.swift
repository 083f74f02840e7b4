import GlintMedia

/// A picture's luma (Rec. 601 weights, 0...255) as floats, with 2x2 box halving for
/// coarse-to-fine searches.
struct LumaPlane: Sendable {
    let width: Int
    let height: Int
    let values: [Float]

    init(width: Int, height: Int, values: [Float]) {
        self.width = width
        self.height = height
        self.values = values
    }

    /// The luma of an RGB image.
    init(_ image: RGBImage) {
        let count = image.width * image.height
        let values = [Float](unsafeUninitializedCapacity: count) { buffer, initialised in
            image.pixels.withUnsafeBufferPointer { p in
                for i in 0..<count {
                    buffer[i] = 0.299 * Float(p[i * 3]) + 0.587 * Float(p[i * 3 + 1]) + 0.114 * Float(p[i * 3 + 2])
                }
            }
            initialised = count
        }
        self.init(width: image.width, height: image.height, values: values)
    }

    /// Half the size (rounded down), each value the mean of a 2x2 block.
    func halved() -> LumaPlane {
        let w = max(1, width / 2)
        let h = max(1, height / 2)
        let values = [Float](unsafeUninitializedCapacity: w * h) { buffer, initialised in
            self.values.withUnsafeBufferPointer { v in
                for y in 0..<h {
                    let r0 = min(2 * y, height - 1) * width
                    let r1 = min(2 * y + 1, height - 1) * width
                    for x in 0..<w {
                        let x0 = min(2 * x, width - 1)
                        let x1 = min(2 * x + 1, width - 1)
                        buffer[y * w + x] = (v[r0 + x0] + v[r0 + x1] + v[r1 + x0] + v[r1 + x1]) * 0.25
                    }
                }
            }
            initialised = w * h
        }
        return LumaPlane(width: w, height: h, values: values)
    }
}
