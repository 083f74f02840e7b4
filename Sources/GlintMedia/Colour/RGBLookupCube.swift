import CColourKernels

/// Every pointwise colour change of an edit for one source, baked into a 3D table over 8-bit
/// RGB code values and applied to pictures with tetrahedral interpolation.
///
/// Baking runs the exact floating-point chain once per grid point: source space to the working
/// space (LittleCMS), the ``ColourAdjustment``, working space to the output space in linear
/// light (LittleCMS). Pictures then cost a table walk per pixel, whatever the recipe, which is
/// what keeps 60 frames of 1920x1440 cheap:
///
/// 1. the grid has a point every 8 code values (33 per axis, the last at code 256, just past
///    white), so a pixel's code values split into a cell (the high 5 bits) and a position in
///    it (the low 3 bits); those 9 position bits select, from a small table, the tetrahedron
///    and its four corner weights, and the corners (output linear light, floats) are weighted,
///    with no branches and no sorting per pixel;
/// 2. the result is multiplied by the ``RadialVignette`` gain, if any;
/// 3. a table per channel turns it into the output's code value, clipping to 0...1 and
///    rounding in code values (``ColourSpace/LinearForm``); the table covers linear light
///    -0.5...1.5 in steps of 1/65535, and grid values are kept within that range.
///
/// The grid holds linear light, not code values, and clips only after interpolating (beyond
/// -0.5...1.5 the grid itself is clipped, far from where it matters): the chain is then smooth
/// across each cell (a matrix on linear light, plus the edit's gentle curves), even where
/// saturated Display P3 colours leave the sRGB gamut, so results stay within about a code value
/// of the exact chain (mean under 0.3, worst under 2.5 in the tests). The pixel loop is C
/// (`glint_cube_apply` in CColourKernels), with AVX2 where the CPU has it.
///
/// Immutable and `Sendable`: one cube serves every frame of a movie, from any task, and
/// ``apply(to:count:gains:)`` works on any run of pixels (a band of rows, say).
public struct RGBLookupCube: Sendable {
    /// Points per axis: one every 8 code values from 0 to 256.
    public static let size = 33
    /// Grid points of output linear light times 65535 (clipped only to -0.5...1.5; the fourth
    /// lane unused), blue index fastest, then green, then red.
    let entries: [SIMD4<Float>]
    /// Linear light to code value: entry `i` is for linear light `(i - 32768) / 65535`,
    /// 131072 entries for red, then green, then blue, or one table shared by all three when
    /// ``encodeStride`` is 0.
    let encode: [UInt8]
    let encodeStride: Int

    /// Entries per channel of ``encode``, and the index of linear light 0.
    static let encodeCount = 131072, encodeOffset = 32768
    /// For each code value, red, then green, then blue (256 each): its cell's offset in grid
    /// points times 512, plus its position in the cell (0...7) shifted to its place in a
    /// position index (`r << 6 | g << 3 | b`); the three added give the cell's first grid point
    /// times 512 and the position index.
    private static let codes: [UInt32] = {
        var codes: [UInt32] = []
        for (channel, stride) in [size * size, size, 1].enumerated() {
            for code in 0..<256 {
                let cell = UInt32((code >> 3) * stride)
                let position = UInt32(code & 7) << UInt32(3 * (2 - channel))
                codes.append(cell << 9 | position)
            }
        }
        return codes
    }()
    /// For each position in a cell (red, green and blue in eighths, index `r << 6 | g << 3 | b`):
    /// the offsets of the tetrahedron's second and third corners (the walk from the first
    /// corner goes along the axis of the largest position, then the middle one), and the four
    /// corner weights.
    private static let paths: [Int32] = (0..<512).flatMap { index in
        let path = tetrahedron(of: index).path
        return [path.x, path.y]
    }
    private static let weights: [Float] = (0..<512).flatMap { tetrahedron(of: $0).weights }

    private static func tetrahedron(of index: Int) -> (weights: [Float], path: SIMD2<Int32>) {
        let f = [Float(index >> 6), Float((index >> 3) & 7), Float(index & 7)].map { $0 / 8 }
        let strides: [Int32] = [Int32(size * size), Int32(size), 1]
        // Stable sort of the axes by decreasing position.
        let order = [0, 1, 2].sorted { f[$0] > f[$1] || (f[$0] == f[$1] && $0 < $1) }
        let (high, middle, low) = (f[order[0]], f[order[1]], f[order[2]])
        return (
            [1 - high, high - middle, middle - low, low],
            SIMD2(strides[order[0]], strides[order[0]] + strides[order[1]])
        )
    }

    /// Bakes the chain `source -> working -> adjustment -> output` into a cube.
    /// - Parameters:
    ///   - source: The space of the pictures' code values.
    ///   - output: The space the pictures are written in.
    ///   - adjustment: The change, applied in ``ColourSpace/working``.
    /// - Throws: ``MediaError`` when LittleCMS cannot convert between the spaces.
    public init(source: ColourSpace, output: ColourSpace, adjustment: ColourAdjustment) throws {
        let size = Self.size
        var grid = [Float](repeating: 0, count: size * size * size * 3)
        var i = 0
        for r in 0..<size {
            for g in 0..<size {
                for b in 0..<size {
                    grid[i] = Float(r * 8) / 255
                    grid[i + 1] = Float(g * 8) / 255
                    grid[i + 2] = Float(b * 8) / 255
                    i += 3
                }
            }
        }
        var working = try ColourConverter(from: source, to: .working).convert(grid)
        adjustment.apply(toWorking: &working)
        let form = try output.linearForm()
        let linear = try ColourConverter(from: .working, to: form.space).convert(working)
        self.init(linear: linear, thresholds: form.thresholds)
    }

    /// A cube from output linear light at each grid point (interleaved triples, blue index
    /// fastest) and each channel's code thresholds.
    init(linear: [Float], thresholds: [[Double]]) {
        func scaled(_ value: Float) -> Float { value.isNaN ? 0 : min(max(value, -0.5), 1.5) * 65535 }
        entries = (0..<(linear.count / 3)).map { i in
            SIMD4(scaled(linear[3 * i]), scaled(linear[3 * i + 1]), scaled(linear[3 * i + 2]), 0)
        }
        let shared = thresholds[0] == thresholds[1] && thresholds[1] == thresholds[2]
        var encode: [UInt8] = []
        for channel in 0..<(shared ? 1 : 3) {
            var code = 0
            for step in 0..<Self.encodeCount {
                let value = Double(step - Self.encodeOffset) / 65535
                while code < 255 && thresholds[channel][code] <= value { code += 1 }
                encode.append(UInt8(code))
            }
        }
        self.encode = encode
        encodeStride = shared ? 0 : Self.encodeCount
    }

    /// Maps every pixel of `image` through the cube, in place, darkening by `vignette` (placed
    /// by the image's own size) on the way.
    public func apply(to image: inout RGBImage, vignette: RadialVignette? = nil) {
        let (width, height) = (image.width, image.height)
        image.pixels.withUnsafeMutableBufferPointer { pixels in
            guard let vignette else {
                apply(to: pixels.baseAddress!, count: width * height, gains: nil)
                return
            }
            let columns = RadialVignette.steps(across: width)
            let rows = RadialVignette.steps(across: height)
            var gains = [Float](repeating: 1, count: width)
            columns.withUnsafeBufferPointer { columns in
                gains.withUnsafeMutableBufferPointer { gains in
                    for y in 0..<height {
                        vignette.rowGains(rowStep: rows[y], columnSteps: columns, into: gains.baseAddress!)
                        apply(to: pixels.baseAddress! + y * width * 3, count: width, gains: gains.baseAddress!)
                    }
                }
            }
        }
    }

    /// Maps `count` interleaved RGB pixels at `pixels` through the cube, in place, each
    /// multiplied in linear light by its gain in `gains` when given.
    public func apply(to pixels: UnsafeMutablePointer<UInt8>, count: Int, gains: UnsafePointer<Float>?) {
        apply(to: pixels, count: count, gains: gains, choice: GLINT_KERNEL_BEST)
    }

    /// The same, with the CPU's best loop (`choice`: or the portable one, for tests).
    func apply(to pixels: UnsafeMutablePointer<UInt8>, count: Int, gains: UnsafePointer<Float>?, choice: glint_kernel_choice) {
        // Gains above 1 can take values off the encode table; only then are they clamped.
        var brightens = false
        if let gains {
            for i in 0..<count where gains[i] > 1 {
                brightens = true
                break
            }
        }
        // Adding 1.5 × 2²³ (plus the table's offset) leaves the rounded value in the low bits of
        // the float, cheaper than a checked conversion; grid values stay within the table.
        let magic = Float(12_582_912 + Self.encodeOffset)
        entries.withUnsafeBufferPointer { entries in
            encode.withUnsafeBufferPointer { encode in
                Self.codes.withUnsafeBufferPointer { codes in
                    Self.paths.withUnsafeBufferPointer { paths in
                        Self.weights.withUnsafeBufferPointer { weights in
                            let table = UnsafeRawPointer(entries.baseAddress!).assumingMemoryBound(to: Float.self)
                            glint_cube_apply(
                                table, encode.baseAddress!, encodeStride, Int32(Self.encodeCount), magic,
                                codes.baseAddress!, paths.baseAddress!, weights.baseAddress!,
                                Int32(Self.size * Self.size + Self.size + 1), pixels, count, gains, brightens ? 1 : 0, choice)
                        }
                    }
                }
            }
        }
    }
}
