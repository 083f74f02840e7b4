import GlintMedia

/// A picture's luma at full size and at successive halvings, for coarse-to-fine matching.
struct LumaPyramid: Sendable {
    /// One level: `width * height` luma values, row by row.
    struct Level: Sendable {
        var width: Int
        var height: Int
        var values: [Float]
    }

    /// Levels from full size (index 0) to the coarsest.
    var levels: [Level]

    /// Halve until the shorter side would drop below this.
    static let coarsestSide = 48

    /// Builds the pyramid of `image` (Rec. 709 weights on code values: matching needs
    /// structure, not photometry).
    init(_ image: RGBImage) {
        var values = [Float](repeating: 0, count: image.width * image.height)
        image.pixels.withUnsafeBufferPointer { p in
            values.withUnsafeMutableBufferPointer { v in
                guard var source = p.baseAddress, var target = v.baseAddress else { return }
                let end = target + v.count
                while target < end {
                    target.pointee = 0.2126 * Float(source[0]) + 0.7152 * Float(source[1]) + 0.0722 * Float(source[2])
                    source += 3
                    target += 1
                }
            }
        }
        levels = [Level(width: image.width, height: image.height, values: values)]
        while let last = levels.last, min(last.width, last.height) / 2 >= Self.coarsestSide {
            levels.append(Self.halve(last))
        }
    }

    /// The level at half the size, each value the mean of a 2x2 block.
    private static func halve(_ level: Level) -> Level {
        let width = level.width / 2
        let height = level.height / 2
        var values = [Float](repeating: 0, count: width * height)
        level.values.withUnsafeBufferPointer { v in
            values.withUnsafeMutableBufferPointer { out in
                guard let v = v.baseAddress, var target = out.baseAddress else { return }
                for y in 0..<height {
                    var top = v + 2 * y * level.width
                    var bottom = top + level.width
                    var x = 0
                    while x < width {
                        target.pointee = (top[0] + top[1] + bottom[0] + bottom[1]) * 0.25
                        top += 2
                        bottom += 2
                        target += 1
                        x += 1
                    }
                }
            }
        }
        return Level(width: width, height: height, values: values)
    }
}
