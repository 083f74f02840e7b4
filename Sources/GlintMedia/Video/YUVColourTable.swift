/// A pointwise colour change of RGB pictures, carried over to 8-bit YUV 4:2:0 planes so that
/// movie frames are changed where they are, without converting each frame to RGB and back.
///
/// The table is made once per movie by running the RGB change a single time over a lattice of
/// samples, every luma value (0...255) at a set of chroma points. Each lattice sample is
/// converted to RGB with the source's matrix and range, changed, and converted back with the
/// output's. A frame then costs a short table walk per sample:
///
/// - luma: one look-up, in the column of its block's chroma cell (64 x 64 cells of 4 x 4 chroma
///   code values, sampled at the cell's centre): luma depends on chroma only weakly;
/// - chroma (one sample per 2 x 2 block): bilinear between the four surrounding columns of a
///   65 x 65 lattice (every 4 code values, and 255), at the block's mean luma.
///
/// Against the change computed exactly for every pixel, results are within a code value on
/// average, as close as going through RGB with swscale is. The change must be pointwise (each
/// pixel's new value depends on its old value alone): a change that depends on position (a
/// vignette) cannot be baked in.
///
/// The table also converts between codings (for example full-range BT.601 in, limited-range
/// BT.709 out), so an unchanged colour with two different codings still needs one.
///
/// Immutable and `Sendable`: one table serves every frame, from any thread. It holds about
/// 5 MB.
public struct YUVColourTable: Sendable {
    /// Chroma lattice points per axis.
    static let nodes = 65
    /// The chroma code value of each lattice point: every 4, and 255 for the last.
    static func nodeValue(_ index: Int) -> Int { index == nodes - 1 ? 255 : index * 4 }

    /// The coding the table reads.
    public let source: YUVCoding
    /// The coding the table writes.
    public let output: YUVCoding
    /// Changed luma by chroma cell and luma: for each of the 64 x 64 cells of 4 x 4 chroma code
    /// values (`v / 4 * 64 + u / 4`), 256 output luma samples, one per input luma.
    private let luma: [UInt8]
    /// Changed chroma by lattice column and luma: for each of the 65 x 65 chroma points
    /// (`v * 65 + u`), 256 pairs of output Cb and Cr times 256, Cb in the low 16 bits.
    private let chroma: [UInt32]
    /// For each chroma code value: its lattice cell and its place in it, in 1/256ths.
    private let cell: [Int32], weight: [Int32]

    /// Luma cells per chroma axis and the chroma code values each covers.
    static let lumaCells = 64, lumaCellSize = 4

    /// Bakes `change` into a table.
    /// - Parameters:
    ///   - source: How the frames' samples stand for RGB.
    ///   - output: How the changed samples must stand for RGB.
    ///   - change: The pointwise RGB change, called once, on a lattice image of 256 x 8321
    ///     pixels; `nil` for none (a pure change of coding).
    public init(source: YUVCoding, output: YUVCoding, change: ((inout RGBImage) -> Void)?) {
        self.source = source
        self.output = output
        let nodes = Self.nodes, cells = Self.lumaCells
        // Rows 0..<nodes²: the chroma lattice points; then one row per luma cell centre.
        var chromaPoints: [(u: Double, v: Double)] = []
        for v in 0..<nodes { for u in 0..<nodes { chromaPoints.append((Double(Self.nodeValue(u)), Double(Self.nodeValue(v)))) } }
        let centre = Double(Self.lumaCellSize - 1) / 2
        for v in 0..<cells {
            for u in 0..<cells {
                chromaPoints.append((Double(u * Self.lumaCellSize) + centre, Double(v * Self.lumaCellSize) + centre))
            }
        }
        var lattice = RGBImage(width: 256, height: chromaPoints.count)
        lattice.pixels.withUnsafeMutableBufferPointer { pixels in
            var i = 0
            for point in chromaPoints {
                for y in 0..<256 {
                    let rgb = source.rgb(y: Double(y), u: point.u, v: point.v)
                    pixels[i] = Self.code(rgb.r)
                    pixels[i + 1] = Self.code(rgb.g)
                    pixels[i + 2] = Self.code(rgb.b)
                    i += 3
                }
            }
        }
        change?(&lattice)
        var chroma = [UInt32](repeating: 0, count: nodes * nodes * 256)
        var luma = [UInt8](repeating: 0, count: cells * cells * 256)
        lattice.pixels.withUnsafeBufferPointer { pixels in
            for index in 0..<(chromaPoints.count * 256) {
                let sample = output.yuv(r: Double(pixels[index * 3]), g: Double(pixels[index * 3 + 1]),
                                        b: Double(pixels[index * 3 + 2]))
                if index < chroma.count {
                    chroma[index] = UInt32((sample.u * 256).rounded()) | UInt32((sample.v * 256).rounded()) << 16
                } else {
                    luma[index - chroma.count] = UInt8(sample.y.rounded())
                }
            }
        }
        self.luma = luma
        self.chroma = chroma
        var cell = [Int32](repeating: 0, count: 256), weight = cell
        for code in 0..<256 {
            let index = min(code / 4, nodes - 2)
            let low = Self.nodeValue(index), high = Self.nodeValue(index + 1)
            cell[code] = Int32(index)
            weight[code] = Int32(((code - low) * 256 + (high - low) / 2) / (high - low))
        }
        self.cell = cell
        self.weight = weight
    }

    /// An RGB code value, rounded and clipped.
    private static func code(_ value: Double) -> UInt8 { UInt8(min(max(value, 0), 255).rounded()) }

    /// Changes the rectangle `crop` (even origin and size) of a decoded 8-bit 4:2:0 frame into
    /// `destination`, which must be the rectangle's size.
    /// - Throws: ``MediaError`` (`.invalidArgument`) for a frame of another pixel format, a crop
    ///   outside the frame, or a destination of another size.
    public func apply(to frame: DecodedVideoFrame, crop: PixelRect, into destination: YUVFrame) throws {
        guard YUVPlanes.canView(frame.pixelFormat) else {
            throw MediaError(.invalidArgument, "a YUV colour table reads 8-bit 4:2:0 frames, not \(frame.pixelFormatName)")
        }
        try crop.validate(within: frame.width, frame.height)
        guard crop.width == destination.width, crop.height == destination.height else {
            throw MediaError(.invalidArgument, "crop \(crop) does not fit a \(destination.width)x\(destination.height) frame")
        }
        apply(from: YUVPlanes(frame: frame.frame, crop: crop), to: destination.planes)
        destination.range = output.range
        destination.matrix = output.matrix
    }

    /// Changes `frame` in place.
    public func apply(to frame: YUVFrame) {
        apply(from: frame.planes, to: frame.planes)
        frame.range = output.range
        frame.matrix = output.matrix
    }

    /// Reads `source` and writes `destination` (the same size; they may be the same planes).
    func apply(from source: YUVPlanes, to destination: YUVPlanes) {
        precondition(source.width == destination.width && source.height == destination.height)
        let columnStride = 256, rowStride = Self.nodes * 256
        luma.withUnsafeBufferPointer { lumaTable in
        chroma.withUnsafeBufferPointer { chromaTable in
        cell.withUnsafeBufferPointer { cell in
        weight.withUnsafeBufferPointer { weight in
            let lumaBase = lumaTable.baseAddress!, chromaBase = chromaTable.baseAddress!
            for row in 0..<(source.height / 2) {
                let sy0 = source.y + 2 * row * source.yStride, sy1 = sy0 + source.yStride
                let su = source.u + row * source.uStride, sv = source.v + row * source.vStride
                let dy0 = destination.y + 2 * row * destination.yStride, dy1 = dy0 + destination.yStride
                let du = destination.u + row * destination.uStride, dv = destination.v + row * destination.vStride
                for x in 0..<(source.width / 2) {
                    let u = Int(su[x]), v = Int(sv[x])
                    let x0 = 2 &* x, x1 = x0 &+ 1
                    let a = Int(sy0[x0]), b = Int(sy0[x1]), c = Int(sy1[x0]), d = Int(sy1[x1])
                    // Luma: the chroma cell's column.
                    let lumaColumn = lumaBase + ((v >> 2) << 14 | (u >> 2) << 8)
                    dy0[x0] = lumaColumn[a]
                    dy0[x1] = lumaColumn[b]
                    dy1[x0] = lumaColumn[c]
                    dy1[x1] = lumaColumn[d]
                    // Chroma: bilinear between the four lattice columns around it, at the mean luma.
                    let wu = UInt64(weight[u]), wv = UInt64(weight[v])
                    let w11 = wu &* wv, w01 = (wu << 8) &- w11, w10 = (wv << 8) &- w11
                    let w00 = 65536 &- w01 &- w10 &- w11
                    let mean = (a &+ b &+ c &+ d &+ 2) >> 2
                    let p = chromaBase + (Int(cell[v]) &* rowStride &+ Int(cell[u]) &* columnStride &+ mean)
                    // Cb to the low and Cr to the high half of a 64-bit word: both lanes are
                    // weighted at once and cannot overflow into each other (each stays < 2^32).
                    @inline(__always) func lanes(_ packed: UInt32) -> UInt64 {
                        UInt64(packed & 0xFFFF) | UInt64(packed >> 16) << 32
                    }
                    let top = lanes(p[0]) &* w00 &+ lanes(p[columnStride]) &* w01
                    let bottom = lanes(p[rowStride]) &* w10 &+ lanes(p[rowStride &+ columnStride]) &* w11
                    let sum = top &+ bottom &+ (1 << 23 | 1 << 55)
                    du[x] = UInt8(truncatingIfNeeded: sum >> 24)
                    dv[x] = UInt8(truncatingIfNeeded: sum >> 56)
                }
            }
        }
        }
        }
        }
    }
}
