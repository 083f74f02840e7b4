/// A pointwise colour change of RGB pictures, carried over to 8-bit YUV 4:2:0 planes so that
/// movie frames are changed where they are, without converting each frame to RGB and back.
///
/// The table is made once per movie by running the RGB change over a lattice of
/// samples: every luma value (0...255) at a set of chroma points. Each lattice sample is
/// converted to RGB with the source's matrix and range, changed, and converted back with the
/// output's. Chroma is divided into 64 x 64 cells of 4 x 4 code values, and a frame then costs a
/// short table walk per sample:
///
/// - luma: one look-up in the column of its block's chroma cell (sampled at the cell's centre:
///   luma depends on chroma only weakly);
/// - chroma (one sample per 2 x 2 block): bilinear between the columns at the cell's four
///   corners (chroma 0, 4, ... 256), at the block's mean luma.
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
    /// Chroma cells per axis, and code values per cell side.
    static let cells = 64, cellSize = 4
    /// Lattice columns per chroma axis: the cells' corners (the last, 256, lies just past the
    /// code range; its samples are extrapolated and clipped).
    static let corners = cells + 1
    /// Samples per lattice column: one per luma code value.
    static let columnLength = 256

    /// The coding the table reads.
    public let source: YUVCoding
    /// The coding the table writes.
    public let output: YUVCoding
    /// Changed luma, one column per chroma cell (`v / 4 * 65 + u / 4`; the 65th of each row
    /// unused), one sample per input luma.
    private let luma: [UInt8]
    /// Changed chroma, one column per cell corner (`v / 4 * 65 + u / 4` for the top-left corner),
    /// one sample per input luma, times 256.
    private let cb: [UInt16], cr: [UInt16]

    /// Bakes `change` into a table.
    /// - Parameters:
    ///   - source: How the frames' samples stand for RGB.
    ///   - output: How the changed samples must stand for RGB.
    ///   - change: The pointwise RGB change, called on the lattice (8321 x 256 samples) in slices
    ///     of 256 x 256 pixels; `nil` for none (a pure change of coding).
    public init(source: YUVCoding, output: YUVCoding, change: ((inout RGBImage) -> Void)?) {
        self.source = source
        self.output = output
        let corners = Self.corners, cells = Self.cells, length = Self.columnLength
        // Lattice rows: first the corner columns, then the cell centres.
        var points: [(u: Double, v: Double)] = []
        points.reserveCapacity(corners * corners + cells * cells)
        for v in 0..<corners {
            for u in 0..<corners { points.append((Double(u * Self.cellSize), Double(v * Self.cellSize))) }
        }
        let centre = Double(Self.cellSize - 1) / 2
        for v in 0..<cells {
            for u in 0..<cells { points.append((Double(u * Self.cellSize) + centre, Double(v * Self.cellSize) + centre)) }
        }
        let toRGB = source.conversion, toYUV = output.conversion
        var cb = [UInt16](repeating: 0, count: corners * corners * length), cr = cb
        var luma = [UInt8](repeating: 0, count: cells * corners * length)
        // The lattice goes through the change a slice of columns at a time, so that it never
        // needs more than a few hundred kilobytes.
        let slice = 256
        for first in stride(from: 0, to: points.count, by: slice) {
            let rows = min(slice, points.count - first)
            var lattice = RGBImage(width: length, height: rows)
            lattice.pixels.withUnsafeMutableBufferPointer { pixels in
                var i = 0
                for point in points[first..<(first + rows)] {
                    for y in 0..<length {
                        let rgb = toRGB.rgb(y: Double(y), u: point.u, v: point.v)
                        pixels[i] = Self.code(rgb.r)
                        pixels[i + 1] = Self.code(rgb.g)
                        pixels[i + 2] = Self.code(rgb.b)
                        i += 3
                    }
                }
            }
            change?(&lattice)
            lattice.pixels.withUnsafeBufferPointer { pixels in
                for row in 0..<rows {
                    let point = first + row
                    for y in 0..<length {
                        let i = (row * length + y) * 3
                        let sample = toYUV.yuv(r: Double(pixels[i]), g: Double(pixels[i + 1]), b: Double(pixels[i + 2]))
                        if point < corners * corners {
                            cb[point * length + y] = UInt16(sample.u * 256 + 0.5)
                            cr[point * length + y] = UInt16(sample.v * 256 + 0.5)
                        } else {
                            // Cell centre (u, v) goes to column v * 65 + u.
                            let cell = point - corners * corners
                            luma[((cell / cells) * corners + cell % cells) * length + y] = UInt8(sample.y + 0.5)
                        }
                    }
                }
            }
        }
        self.luma = luma
        self.cb = cb
        self.cr = cr
    }

    /// An RGB code value, rounded and clipped.
    @inline(__always)
    private static func code(_ value: Double) -> UInt8 { UInt8(min(max(value, 0), 255) + 0.5) }

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
        let right = Self.columnLength, down = Self.corners * Self.columnLength
        luma.withUnsafeBufferPointer { lumaTable in
        cb.withUnsafeBufferPointer { cbTable in
        cr.withUnsafeBufferPointer { crTable in
            let lumaBase = lumaTable.baseAddress!, cbBase = cbTable.baseAddress!, crBase = crTable.baseAddress!
            for row in 0..<(source.height / 2) {
                let sy0 = source.y + 2 * row * source.yStride, sy1 = sy0 + source.yStride
                let su = source.u + row * source.uStride, sv = source.v + row * source.vStride
                let dy0 = destination.y + 2 * row * destination.yStride, dy1 = dy0 + destination.yStride
                let du = destination.u + row * destination.uStride, dv = destination.v + row * destination.vStride
                for x in 0..<(source.width / 2) {
                    let u = UInt32(su[x]), v = UInt32(sv[x])
                    let x0 = 2 &* x, x1 = x0 &+ 1
                    let a = UInt32(sy0[x0]), b = UInt32(sy0[x1]), c = UInt32(sy1[x0]), d = UInt32(sy1[x1])
                    // The block's chroma cell: its luma column, and its top-left chroma corner.
                    let column = Int(truncatingIfNeeded: ((v >> 2) &* UInt32(Self.corners) &+ (u >> 2)) << 8)
                    let lumaColumn = lumaBase + column
                    dy0[x0] = lumaColumn[Int(a)]
                    dy0[x1] = lumaColumn[Int(b)]
                    dy1[x0] = lumaColumn[Int(c)]
                    dy1[x1] = lumaColumn[Int(d)]
                    // Chroma: bilinear between the cell's corners (weights in sixteenths), at the
                    // block's mean luma.
                    let fu = u & 3, fv = v & 3
                    let w11 = fu &* fv, w01 = (fu << 2) &- w11, w10 = (fv << 2) &- w11
                    let w00 = 16 &- w01 &- w10 &- w11
                    let at = column &+ Int((a &+ b &+ c &+ d &+ 2) >> 2)
                    @inline(__always) func sample(_ table: UnsafePointer<UInt16>) -> UInt8 {
                        let p = table + at
                        let top = UInt32(p[0]) &* w00 &+ UInt32(p[right]) &* w01
                        let bottom = UInt32(p[down]) &* w10 &+ UInt32(p[down &+ right]) &* w11
                        return UInt8(truncatingIfNeeded: (top &+ bottom &+ (1 << 11)) >> 12)
                    }
                    du[x] = sample(cbBase)
                    dv[x] = sample(crBase)
                }
            }
        }
        }
        }
    }
}
