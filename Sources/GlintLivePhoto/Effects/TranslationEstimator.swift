/// Estimates the global translation between two pictures of the same size by coarse-to-fine
/// block matching on their luma pyramids.
///
/// At the coarsest level every shift up to ``maximumShift`` of the picture is tried; each finer
/// level doubles the best shift and tries its neighbours. A shift's cost is the mean absolute
/// luma difference over the area the two pictures share (sampled sparsely on large levels), so
/// a moving object covering part of the picture pulls less than the still background. Ties go
/// to the smaller shift, so a featureless picture is left where it is.
enum TranslationEstimator {
    /// The largest shift looked for, as a share of each side.
    static let maximumShift = 0.08
    /// Samples per cost evaluation on the finer levels, about (larger levels are sampled sparsely).
    static let samplesPerCost = 20_000
    /// Samples per cost evaluation in the exhaustive search on the coarsest level, about.
    static let coarseSamples = 4_000

    /// Candidates carried from the coarsest level down (the best local minima there), so that
    /// a repetitive pattern that fools the coarse level cannot trap the result.
    static let candidates = 4

    /// The whole-pixel shift `(dx, dy)` such that `frame(x + dx, y + dy)` shows what
    /// `reference(x, y)` shows.
    /// - Precondition: Both pyramids come from pictures of the same size.
    static func shift(of frame: LumaPyramid, against reference: LumaPyramid) -> (dx: Int, dy: Int) {
        precondition(
            frame.levels.count == reference.levels.count && frame.levels[0].width == reference.levels[0].width
                && frame.levels[0].height == reference.levels[0].height, "pyramids must match")
        let top = frame.levels.count - 1
        var candidates = coarseCandidates(frame.levels[top], reference.levels[top])
        for level in stride(from: top - 1, through: 0, by: -1) {
            // Doubling a whole-pixel shift is off by at most one pixel on the finest level.
            let refined = candidates.map {
                search(frame.levels[level], reference.levels[level], around: ($0.shift.dx * 2, $0.shift.dy * 2), range: level == 0 ? 1 : 2)
            }
            // By half size the right candidate has shown itself: only it goes on to full size.
            candidates = level <= 1 ? [refined.min { $0.cost < $1.cost }!] : refined
        }
        return candidates.min { $0.cost < $1.cost }!.shift
    }

    /// The best local minima of the cost over every shift up to ``maximumShift`` on the coarsest level.
    private static func coarseCandidates(_ frame: LumaPyramid.Level, _ reference: LumaPyramid.Level)
        -> [(shift: (dx: Int, dy: Int), cost: Float)]
    {
        let rangeX = max(1, Int((Double(frame.width) * maximumShift).rounded(.up)))
        let rangeY = max(1, Int((Double(frame.height) * maximumShift).rounded(.up)))
        let columns = 2 * rangeX + 1
        let rows = 2 * rangeY + 1
        var costs = [Float](repeating: .infinity, count: columns * rows)
        for dy in -rangeY...rangeY {
            for dx in -rangeX...rangeX {
                costs[(dy + rangeY) * columns + dx + rangeX] = cost(frame, reference, (dx, dy), samples: coarseSamples)
            }
        }
        var minima: [(shift: (dx: Int, dy: Int), cost: Float)] = []
        for row in 0..<rows {
            for column in 0..<columns {
                let value = costs[row * columns + column]
                guard value.isFinite else { continue }
                var isMinimum = true
                for ny in max(0, row - 1)...min(rows - 1, row + 1) {
                    for nx in max(0, column - 1)...min(columns - 1, column + 1) where costs[ny * columns + nx] < value {
                        isMinimum = false
                    }
                }
                if isMinimum { minima.append(((column - rangeX, row - rangeY), value)) }
            }
        }
        let best = minima.sorted { $0.cost < $1.cost }.prefix(candidates)
        return best.isEmpty ? [((0, 0), .infinity)] : Array(best)
    }

    /// The cheapest shift within `range` of `around` on one level, and its cost.
    private static func search(
        _ frame: LumaPyramid.Level, _ reference: LumaPyramid.Level, around: (Int, Int),
        range: Int
    ) -> (shift: (dx: Int, dy: Int), cost: Float) {
        var best = (dx: around.0, dy: around.1)
        var bestCost = Float.infinity
        for dy in (around.1 - range)...(around.1 + range) {
            for dx in (around.0 - range)...(around.0 + range) {
                let value = cost(frame, reference, (dx, dy), samples: samplesPerCost)
                if value < bestCost {
                    bestCost = value
                    best = (dx, dy)
                }
            }
        }
        return (best, bestCost)
    }

    /// The cost of a shift: the mean difference over the shared area, plus a hair per pixel of
    /// shift that settles ties towards no movement. Shifts beyond half the picture cost infinity.
    private static func cost(
        _ frame: LumaPyramid.Level, _ reference: LumaPyramid.Level, _ shift: (dx: Int, dy: Int),
        samples: Int
    ) -> Float {
        let step = max(1, Int((Double(frame.width * frame.height) / Double(samples)).squareRoot().rounded()))
        return meanDifference(frame, reference, dx: shift.dx, dy: shift.dy, step: step) + 1e-3 * Float(abs(shift.dx) + abs(shift.dy))
    }

    /// Mean |frame(x + dx, y + dy) - reference(x, y)| over the shared area, every `step`-th
    /// pixel of every `step`-th row; infinity when less than half of each side is shared.
    private static func meanDifference(
        _ frame: LumaPyramid.Level, _ reference: LumaPyramid.Level,
        dx: Int, dy: Int, step: Int
    ) -> Float {
        let width = frame.width
        let x0 = max(0, -dx)
        let x1 = min(width, width - dx)
        let y0 = max(0, -dy)
        let y1 = min(frame.height, frame.height - dy)
        guard x1 - x0 >= width / 2, y1 - y0 >= frame.height / 2 else { return .infinity }
        var total: Float = 0
        var count = 0
        frame.values.withUnsafeBufferPointer { f in
            reference.values.withUnsafeBufferPointer { r in
                // Plain pointers and while loops: this is the hot loop, and it must not crawl in
                // debug builds either.
                guard let f = f.baseAddress, let r = r.baseAddress else { return }
                var y = y0
                while y < y1 {
                    var p = f + (y + dy) * width + dx + x0
                    var q = r + y * width + x0
                    var x = x0
                    var rowTotal: Float = 0
                    while x < x1 {
                        rowTotal += abs(p.pointee - q.pointee)
                        p += step
                        q += step
                        x += step
                        count += 1
                    }
                    total += rowTotal
                    y += step
                }
            }
        }
        return count == 0 ? .infinity : total / Float(count)
    }
}
