/// Every pointwise colour change of an edit for one source, baked into a 3D table over 8-bit
/// RGB code values and applied to pictures with integer tetrahedral interpolation.
///
/// Baking runs the exact floating-point chain once per grid point: source space to the working
/// space (LittleCMS), the ``ColourAdjustment``, working space to the output space
/// (LittleCMS), clipping to 0...1. Pictures then cost a table walk per pixel, whatever the
/// recipe, which is what keeps 60 frames of 1920x1440 cheap. With 33 points per axis
/// (a point every 8 code values) interpolation stays within about one code value of the exact
/// chain for the smooth curves of an edit, and a chain that is the identity is reproduced
/// exactly.
///
/// Immutable and `Sendable`: one cube serves every frame of a movie, from any task.
public struct RGBLookupCube: Sendable {
    /// Points per axis.
    public let size: Int
    /// `size`³ triples of output code values times 256 (0...65280), blue index fastest,
    /// then green, then red.
    let entries: [UInt16]
    /// For each code value 0...255: the grid cell (times the axis stride, per axis) and the
    /// position inside it in 1/65536ths.
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
        let encoded = try ColourConverter(from: .working, to: output).convert(working)
        self.init(size: size, values: encoded)
    }

    /// A cube from output values (0...1, clipped) at each grid point, blue index fastest.
    init(size: Int, values: [Float]) {
        self.size = size
        entries = values.map { value in
            UInt16((Double(value.isNaN ? 0 : min(max(value, 0), 1)) * 65280).rounded())
        }
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

    /// Maps every pixel of `image` through the cube, in place.
    public func apply(to image: inout RGBImage) {
        let count = image.width * image.height
        image.pixels.withUnsafeMutableBufferPointer { pixels in
            apply(to: pixels.baseAddress!, count: count)
        }
    }

    /// Maps `count` interleaved RGB pixels at `pixels` through the cube, in place.
    public func apply(to pixels: UnsafeMutablePointer<UInt8>, count: Int) {
        let sR = size * size * 3, sG = size * 3, sB = 3
        entries.withUnsafeBufferPointer { entryBuffer in
        redOffset.withUnsafeBufferPointer { redOffset in
        greenOffset.withUnsafeBufferPointer { greenOffset in
        blueOffset.withUnsafeBufferPointer { blueOffset in
        fraction.withUnsafeBufferPointer { fraction in
            let table = entryBuffer.baseAddress!
            var p = pixels
            let end = pixels + count * 3
            while p < end {
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
                for c in 0..<3 {
                    let v = Int(c0[c]) &* w0 &+ Int(c1[c]) &* w1 &+ Int(c2[c]) &* w2 &+ Int(c3[c]) &* w3
                    p[c] = UInt8(truncatingIfNeeded: (v &+ (1 << 23)) >> 24)
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
