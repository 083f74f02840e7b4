/// Every pointwise colour change of an edit for one source, baked into a 3D table over 8-bit
/// RGB code values and applied to pictures with integer tetrahedral interpolation.
///
/// Baking runs the exact floating-point chain once per grid point: source space to the working
/// space (LittleCMS), the ``ColourAdjustment``, working space to the output space in linear
/// light (LittleCMS). Pictures then cost a table walk per pixel, whatever the recipe, which is
/// what keeps 60 frames of 1920x1440 cheap:
///
/// 1. the pixel's code values select a cell of the grid and a tetrahedron in it; the four
///    corners are weighted (integer arithmetic, 16-bit fractions);
/// 2. the result, output linear light in 1/65535ths and still unclipped, is multiplied by the
///    ``RadialVignette`` gain, if any, and clipped to 0...1;
/// 3. a 65536-entry table per channel turns it into the output's code value, rounding in code
///    values (``ColourSpace/LinearForm``).
///
/// The grid holds linear light, not code values, and clips after interpolating: the chain is
/// then smooth across each cell (a matrix on linear light, plus the edit's gentle curves), even
/// where saturated Display P3 colours leave the sRGB gamut, so with 33 points per axis (a
/// point every 8 code values) results stay within about a code value of the exact chain.
///
/// Immutable and `Sendable`: one cube serves every frame of a movie, from any task.
public struct RGBLookupCube: Sendable {
    /// Points per axis.
    public let size: Int
    /// `size`³ triples of output linear light times 65535 (unclipped), blue index fastest,
    /// then green, then red.
    let entries: [Int32]
    /// Linear light in 1/65535ths to code value: 65536 entries for red, then green, then blue,
    /// or one table shared by all three when ``encodeStride`` is 0.
    let encode: [UInt8]
    let encodeStride: Int
    /// For each code value 0...255: the grid cell times the axis stride, per axis, and the
    /// position inside the cell in 1/65536ths.
    private let redOffset: [Int32], greenOffset: [Int32], blueOffset: [Int32]
    private let fraction: [Int32]

    /// Points per axis unless told otherwise.
    public static let defaultSize = 33

    /// Bakes the chain `source -> working -> adjustment -> output` into a cube.
    /// - Parameters:
    ///   - source: The space of the pictures' code values.
    ///   - output: The space the pictures are written in.
    ///   - adjustment: The change, applied in ``ColourSpace/working``.
    ///   - size: Points per axis (2...129).
    /// - Throws: ``MediaError`` when LittleCMS cannot convert between the spaces.
    public init(source: ColourSpace, output: ColourSpace, adjustment: ColourAdjustment, size: Int = defaultSize) throws {
        precondition((2...129).contains(size), "cube size must be 2...129")
        var grid = [Float](repeating: 0, count: size * size * size * 3)
        let scale = Float(size - 1)
        var i = 0
        for r in 0..<size {
            for g in 0..<size {
                for b in 0..<size {
                    grid[i] = Float(r) / scale
                    grid[i + 1] = Float(g) / scale
                    grid[i + 2] = Float(b) / scale
                    i += 3
                }
            }
        }
        var working = try ColourConverter(from: source, to: .working).convert(grid)
        adjustment.apply(toWorking: &working)
        let form = try output.linearForm()
        let linear = try ColourConverter(from: .working, to: form.space).convert(working)
        self.init(size: size, linear: linear, thresholds: form.thresholds)
    }

    /// A cube from output linear light at each grid point (blue index fastest) and each
    /// channel's code thresholds.
    init(size: Int, linear: [Float], thresholds: [[Double]]) {
        self.size = size
        entries = linear.map { value in
            Int32((Double(value.isNaN ? 0 : min(max(value, -16), 16)) * 65535).rounded())
        }
        let shared = thresholds[0] == thresholds[1] && thresholds[1] == thresholds[2]
        var encode: [UInt8] = []
        for channel in 0..<(shared ? 1 : 3) {
            var code = 0
            for step in 0..<65536 {
                let value = Double(step) / 65535
                while code < 255 && thresholds[channel][code] <= value { code += 1 }
                encode.append(UInt8(code))
            }
        }
        self.encode = encode
        encodeStride = shared ? 0 : 65536
        let stride = (red: Int32(size * size * 3), green: Int32(size * 3), blue: Int32(3))
        var cells: [Int32] = [], fractions: [Int32] = []
        for code in 0..<256 {
            // Position on the axis in 1/65536ths of a cell; the last code sits at the end of the last cell.
            let position = code * (size - 1) * 65536 / 255
            let cell = min(position >> 16, size - 2)
            cells.append(Int32(cell))
            fractions.append(Int32(position - cell << 16))
        }
        redOffset = cells.map { $0 * stride.red }
        greenOffset = cells.map { $0 * stride.green }
        blueOffset = cells.map { $0 * stride.blue }
        fraction = fractions
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
            let columns = RadialVignette.halfSquares(width), rows = RadialVignette.halfSquares(height)
            var gains = [Int32](repeating: RadialVignette.unity, count: width)
            columns.withUnsafeBufferPointer { columns in
                gains.withUnsafeMutableBufferPointer { gains in
                    for y in 0..<height {
                        vignette.rowGains(rowHalfSquare: rows[y], columnHalfSquares: columns, into: gains.baseAddress!)
                        apply(to: pixels.baseAddress! + y * width * 3, count: width, gains: gains.baseAddress!)
                    }
                }
            }
        }
    }

    /// Maps `count` interleaved RGB pixels at `pixels` through the cube, in place, each
    /// multiplied in linear light by its gain in `gains` (1/4096ths) when given.
    public func apply(to pixels: UnsafeMutablePointer<UInt8>, count: Int, gains: UnsafePointer<Int32>?) {
        let sR = size * size * 3, sG = size * 3, sB = 3
        let channelStride = encodeStride
        entries.withUnsafeBufferPointer { entryBuffer in
        encode.withUnsafeBufferPointer { encodeBuffer in
        redOffset.withUnsafeBufferPointer { redOffset in
        greenOffset.withUnsafeBufferPointer { greenOffset in
        blueOffset.withUnsafeBufferPointer { blueOffset in
        fraction.withUnsafeBufferPointer { fraction in
            let table = entryBuffer.baseAddress!
            let encode = encodeBuffer.baseAddress!
            var p = pixels
            for index in 0..<count {
                let r = Int(p[0]), g = Int(p[1]), b = Int(p[2])
                let base = Int(redOffset[r]) &+ Int(greenOffset[g]) &+ Int(blueOffset[b])
                let fr = Int(fraction[r]), fg = Int(fraction[g]), fb = Int(fraction[b])
                // The tetrahedron holding the point: walk from the cell's first corner to its
                // last along the axes in order of decreasing fraction.
                let (f1, f2, f3, o1, o2): (Int, Int, Int, Int, Int)
                if fr >= fg {
                    if fg >= fb { (f1, f2, f3, o1, o2) = (fr, fg, fb, sR, sR &+ sG) }
                    else if fr >= fb { (f1, f2, f3, o1, o2) = (fr, fb, fg, sR, sR &+ sB) }
                    else { (f1, f2, f3, o1, o2) = (fb, fr, fg, sB, sR &+ sB) }
                } else {
                    if fb > fg { (f1, f2, f3, o1, o2) = (fb, fg, fr, sB, sG &+ sB) }
                    else if fb > fr { (f1, f2, f3, o1, o2) = (fg, fb, fr, sG, sG &+ sB) }
                    else { (f1, f2, f3, o1, o2) = (fg, fr, fb, sG, sR &+ sG) }
                }
                let c0 = table + base, c1 = c0 + o1, c2 = c0 + o2, c3 = c0 + (sR &+ sG &+ sB)
                // Weights of the four corners, summing to 65536.
                let w0 = 65536 &- f1, w1 = f1 &- f2, w2 = f2 &- f3, w3 = f3
                let gain = gains.map { Int($0[index]) } ?? 4096
                for c in 0..<3 {
                    var v = Int(c0[c]) &* w0 &+ Int(c1[c]) &* w1 &+ Int(c2[c]) &* w2 &+ Int(c3[c]) &* w3
                    v = (v &+ (1 << 15)) >> 16
                    if gains != nil { v = (v &* gain &+ 2048) >> 12 }
                    p[c] = encode[c &* channelStride &+ min(max(v, 0), 65535)]
                }
                p += 3
            }
        }
        }
        }
        }
        }
        }
    }
}
