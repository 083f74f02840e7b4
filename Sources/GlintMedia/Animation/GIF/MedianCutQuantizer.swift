/// Builds a palette from a ``ColourHistogram`` by median cut.
///
/// The colour cube is split box by box: each time, the box whose colours are spread the most
/// (largest count-weighted squared error about its mean) is cut in two along its most spread
/// channel, at the median pixel. Each final box gives one palette colour, the mean of its
/// pixels. Distances weigh the channels by their share of luminance, so the palette spends more
/// entries where the eye sees more difference (green over red over blue).
public enum MedianCutQuantizer {
    /// Channel weights applied to differences (the square roots of the Rec. 601 luma weights).
    static let weights: (Double, Double, Double) = (0.547, 0.766, 0.338)

    /// A box of histogram cells.
    private struct Box {
        var cells: [Int]
        var count: Double
        var error: Double
        var spread: (Double, Double, Double)
    }

    /// A palette of at most `maxColours` colours for the pixels counted in `histogram`.
    /// - Returns: The colours (fewer when the pictures hold fewer distinct colours; one black
    ///   entry for an empty histogram).
    public static func palette(from histogram: ColourHistogram, maxColours: Int) -> [PaletteColour] {
        let cells = histogram.occupiedCells()
        guard !cells.isEmpty else { return [PaletteColour(red: 0, green: 0, blue: 0)] }
        let limit = max(1, maxColours)
        func measure(_ indices: [Int]) -> Box {
            var n = 0.0
            var s = (0.0, 0.0, 0.0)
            var q = (0.0, 0.0, 0.0)
            for i in indices {
                let (c, w) = cells[i]
                n += w
                s = (s.0 + c.0 * w, s.1 + c.1 * w, s.2 + c.2 * w)
                q = (q.0 + c.0 * c.0 * w, q.1 + c.1 * c.1 * w, q.2 + c.2 * c.2 * w)
            }
            let spread = (
                (q.0 - s.0 * s.0 / n) * weights.0 * weights.0,
                (q.1 - s.1 * s.1 / n) * weights.1 * weights.1,
                (q.2 - s.2 * s.2 / n) * weights.2 * weights.2
            )
            return Box(cells: indices, count: n, error: indices.count > 1 ? spread.0 + spread.1 + spread.2 : 0, spread: spread)
        }
        var boxes = [measure(Array(cells.indices))]
        while boxes.count < limit {
            guard let worst = boxes.indices.max(by: { boxes[$0].error < boxes[$1].error }), boxes[worst].error > 0 else { break }
            let box = boxes[worst]
            let axis = box.spread.0 >= box.spread.1 && box.spread.0 >= box.spread.2 ? 0 : (box.spread.1 >= box.spread.2 ? 1 : 2)
            func value(_ i: Int) -> Double {
                let c = cells[i].colour
                return axis == 0 ? c.0 : (axis == 1 ? c.1 : c.2)
            }
            let sorted = box.cells.sorted { value($0) < value($1) }
            var running = 0.0
            var cut = 1
            for (position, i) in sorted.enumerated() {
                running += cells[i].count
                if running >= box.count / 2 {
                    cut = position + 1
                    break
                }
            }
            cut = min(max(cut, 1), sorted.count - 1)
            boxes[worst] = measure(Array(sorted[..<cut]))
            boxes.append(measure(Array(sorted[cut...])))
        }
        return boxes.map { box in
            var s = (0.0, 0.0, 0.0)
            for i in box.cells {
                let (c, w) = cells[i]
                s = (s.0 + c.0 * w, s.1 + c.1 * w, s.2 + c.2 * w)
            }
            func code(_ v: Double) -> UInt8 { UInt8(min(max((v / box.count).rounded(), 0), 255)) }
            return PaletteColour(red: code(s.0), green: code(s.1), blue: code(s.2))
        }
    }
}

/// One palette entry.
public struct PaletteColour: Sendable, Equatable, Hashable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }
}
