/// How often each colour occurs across a set of images, at 5 bits per channel (32768 cells),
/// with the exact mean colour of each cell kept so a palette built from it is not rounded to
/// cell centres.
public struct ColourHistogram: Sendable {
    /// Bits kept per channel.
    static let bits = 5
    /// Cells per channel.
    static let side = 1 << bits
    /// Pixels counted in each cell.
    var counts: [UInt32]
    /// Sum of red, green and blue over each cell's pixels.
    var sums: [UInt64]

    /// An empty histogram.
    public init() {
        counts = [UInt32](repeating: 0, count: Self.side * Self.side * Self.side)
        sums = [UInt64](repeating: 0, count: Self.side * Self.side * Self.side * 3)
    }

    /// The cell of a colour.
    @inline(__always)
    static func cell(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Int {
        (Int(r >> 3) << 10) | (Int(g >> 3) << 5) | Int(b >> 3)
    }

    /// Counts every `step`-th pixel of every `step`-th row of `image`.
    public mutating func add(_ image: RGBImage, step: Int = 1) {
        let step = max(1, step)
        counts.withUnsafeMutableBufferPointer { counts in
            sums.withUnsafeMutableBufferPointer { sums in
                image.pixels.withUnsafeBufferPointer { pixels in
                    for y in stride(from: 0, to: image.height, by: step) {
                        var i = y * image.width * 3
                        let end = i + image.width * 3
                        while i < end {
                            let r = pixels[i]
                            let g = pixels[i + 1]
                            let b = pixels[i + 2]
                            let c = Self.cell(r, g, b)
                            // Saturate rather than wrap on absurdly long inputs.
                            if counts[c] < UInt32.max { counts[c] += 1 }
                            sums[c * 3] &+= UInt64(r)
                            sums[c * 3 + 1] &+= UInt64(g)
                            sums[c * 3 + 2] &+= UInt64(b)
                            i += 3 * step
                        }
                    }
                }
            }
        }
    }

    /// The occupied cells: mean colour and pixel count of each.
    func occupiedCells() -> [(colour: (Double, Double, Double), count: Double)] {
        var cells: [(colour: (Double, Double, Double), count: Double)] = []
        for c in 0..<counts.count where counts[c] > 0 {
            let n = Double(counts[c])
            cells.append(((Double(sums[c * 3]) / n, Double(sums[c * 3 + 1]) / n, Double(sums[c * 3 + 2]) / n), n))
        }
        return cells
    }
}
