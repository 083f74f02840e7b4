import CColourKernels

/// A pointwise colour change of RGB pictures, carried over to 8-bit YUV 4:2:0 planes so that
/// movie frames are changed where they are, without converting each frame to RGB and back.
///
/// The table is made once per movie by running the RGB change over a lattice of samples: every
/// luma value (0...255) at each corner of a grid over chroma, which divides it into 64 x 64 cells
/// of 4 x 4 code values (corners at 0, 4, ... 256). Each lattice sample is converted to RGB with
/// the source's matrix and range, changed, and converted back with the output's. A frame then
/// costs a short table walk per sample:
///
/// - luma: one look-up in the column of its block's chroma cell (the cell's corners'
///   results, bilinear at the cell's centre: luma depends on chroma only weakly);
/// - chroma (one sample per 2 x 2 block): bilinear between the columns at the cell's four
///   corners, at the block's mean luma (in steps of 4 code values: chroma depends on luma
///   only weakly too); Cb and Cr share one 32-bit entry (16 bits each, in sixteenths of a code
///   value), so one multiply weighs both, and the four corners' entries lie side by side.
///
/// The table is kept small (about 5 MB: 1 MB of luma, 4 MB of chroma, of which a frame touches
/// the few cells its colours fall in) because frames are walked while the encoder works on the
/// other core. The walk itself is C (`glint_yuv_table_walk` in CColourKernels), with AVX2
/// where the CPU has it.
///
/// Against the change computed exactly for every pixel, results are within a code value on
/// average, as close as going through RGB with swscale is. The change must be pointwise (each
/// pixel's new value depends on its old value alone): a change that depends on position (a
/// vignette) cannot be baked in.
///
/// The table also converts between codings (for example full-range BT.601 in, limited-range
/// BT.709 out), so an unchanged colour with two different codings still needs one.
///
/// Immutable and `Sendable`: one table serves every frame, from any thread.
public struct YUVColourTable: Sendable {
    // The layout is CColourKernels' (GLINT_YUV_TABLE_*), whose loop walks the frames.
    /// Chroma cells per axis, and code values per cell side.
    static let cells = Int(GLINT_YUV_TABLE_CELLS), cellSize = Int(GLINT_YUV_TABLE_CELL_SIZE)
    /// Lattice columns per chroma axis: the cells' corners (the last, 256, lies just past the
    /// code range; its samples are extrapolated and clipped).
    static let corners = Int(GLINT_YUV_TABLE_CORNERS)
    /// Samples per lattice column: one per luma code value.
    static let columnLength = Int(GLINT_YUV_TABLE_COLUMN_LENGTH)
    /// Chroma entries per corner: one per 4 luma code values.
    static let chromaLength = Int(GLINT_YUV_TABLE_CHROMA_LENGTH)

    /// The coding the table reads.
    public let source: YUVCoding
    /// The coding the table writes.
    public let output: YUVCoding
    /// Changed luma, one column per chroma cell (`v / 4 * 65 + u / 4`; the 65th of each row
    /// unused), one sample per input luma.
    private let luma: [UInt8]
    /// Changed chroma, one column per chroma cell (`v / 4 * 64 + u / 4`), one quad per 4 input
    /// luma values: the entries of the cell's four corners (top-left, top-right, bottom-left,
    /// bottom-right) side by side, so that a block's corners are one 16-byte load. Each entry is
    /// the mean of the 4 luma values' results: Cb times 16 in the low 16 bits, Cr times 16 in the
    /// high 16.
    private let chroma: [UInt32]

    /// Bakes `change` into a table.
    /// - Parameters:
    ///   - source: How the frames' samples stand for RGB.
    ///   - output: How the changed samples must stand for RGB.
    ///   - change: The pointwise RGB change, called on the lattice (4225 x 256 samples) in slices
    ///     of 256 x 256 pixels; `nil` for none (a pure change of coding).
    public init(source: YUVCoding, output: YUVCoding, change: ((inout RGBImage) -> Void)?) {
        self.source = source
        self.output = output
        let corners = Self.corners
        let length = Self.columnLength
        let toRGB = RGBLattice(source.conversion)
        let toYUV = YUVOfCodes(output.conversion)
        var chroma = [UInt32](repeating: 0, count: corners * corners * length)  // every luma; reduced below
        // Luma of the corners, times 16, for the cells' centres.
        var cornerLuma = [UInt16](repeating: 0, count: corners * corners * length)
        // The lattice goes through the change a slice of columns at a time, so that it never
        // needs more than a few hundred kilobytes.
        let slice = 256
        var lattice = RGBImage(width: length, height: slice)
        chroma.withUnsafeMutableBufferPointer { chroma in
            cornerLuma.withUnsafeMutableBufferPointer { cornerLuma in
                for first in stride(from: 0, to: corners * corners, by: slice) {
                    let rows = min(slice, corners * corners - first)
                    if rows != lattice.height { lattice = RGBImage(width: length, height: rows) }
                    lattice.pixels.withUnsafeMutableBufferPointer { pixels in
                        for row in 0..<rows {
                            let point = first + row
                            toRGB.column(
                                u: Float((point % corners) * Self.cellSize), v: Float((point / corners) * Self.cellSize),
                                into: pixels.baseAddress! + row * length * 3)
                        }
                    }
                    change?(&lattice)
                    lattice.pixels.withUnsafeBufferPointer { pixels in
                        toYUV.convert(
                            pixels.baseAddress!, count: rows * length,
                            luma: cornerLuma.baseAddress! + first * length, chroma: chroma.baseAddress! + first * length)
                    }
                }
            }
        }
        self.chroma = Self.cornerQuads(of: Self.chromaSteps(of: chroma))
        luma = Self.cellCentres(of: cornerLuma)
    }

    /// Chroma per 4 luma values: the mean of the four entries (both halves at once: each stays
    /// below 2^16).
    private static func chromaSteps(of chroma: [UInt32]) -> [UInt32] {
        let step = Self.columnLength / Self.chromaLength
        return (0..<(chroma.count / step)).map { i in
            let sum = chroma[step * i] + chroma[step * i + 1] + chroma[step * i + 2] + chroma[step * i + 3]
            return ((sum + 0x0002_0002) >> 2) & 0x3FFF_3FFF
        }
    }

    /// The entries of each cell's four corners side by side, from entries per corner.
    private static func cornerQuads(of steps: [UInt32]) -> [UInt32] {
        let cells = Self.cells
        let corners = Self.corners
        let length = Self.chromaLength
        var quads = [UInt32](repeating: 0, count: cells * cells * length * 4)
        quads.withUnsafeMutableBufferPointer { quads in
            steps.withUnsafeBufferPointer { steps in
                var out = quads.baseAddress!
                for v in 0..<cells {
                    for u in 0..<cells {
                        let topLeft = steps.baseAddress! + (v * corners + u) * length
                        let bottomLeft = topLeft + corners * length
                        for step in 0..<length {
                            out[0] = topLeft[step]
                            out[1] = topLeft[step + length]
                            out[2] = bottomLeft[step]
                            out[3] = bottomLeft[step + length]
                            out += 4
                        }
                    }
                }
            }
        }
        return quads
    }

    /// Luma at each cell's centre (code 1.5 of 0...3 on each axis), bilinear between its corners'
    /// (weights 5/8 and 3/8 per axis), from the corners' luma times 16.
    private static func cellCentres(of cornerLuma: [UInt16]) -> [UInt8] {
        let corners = Self.corners
        let cells = Self.cells
        let length = Self.columnLength
        var luma = [UInt8](repeating: 0, count: cells * corners * length)
        luma.withUnsafeMutableBufferPointer { luma in
            cornerLuma.withUnsafeBufferPointer { cornerLuma in
                for v in 0..<cells {
                    for u in 0..<cells {
                        let column = (v * corners + u) * length
                        let c00 = cornerLuma.baseAddress! + column
                        let c01 = c00 + length
                        let c10 = c00 + corners * length
                        let c11 = c10 + length
                        for y in 0..<length {
                            // Weights in 64ths (25, 15, 15, 9), on values in sixteenths: 1024ths.
                            let sum = 25 * UInt32(c00[y]) + 15 * UInt32(c01[y]) + 15 * UInt32(c10[y]) + 9 * UInt32(c11[y])
                            luma[column + y] = UInt8(truncatingIfNeeded: (sum + 512) >> 10)
                        }
                    }
                }
            }
        }
        return luma
    }

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

    /// Reads `source` and writes `destination` (the same size; they may be the same planes), with
    /// the CPU's best loop (`choice`: or the portable one, for tests).
    func apply(from source: YUVPlanes, to destination: YUVPlanes, choice: glint_kernel_choice = GLINT_KERNEL_BEST) {
        precondition(source.width == destination.width && source.height == destination.height)
        luma.withUnsafeBufferPointer { luma in
            chroma.withUnsafeBufferPointer { chroma in
                glint_yuv_table_walk(
                    luma.baseAddress!, chroma.baseAddress!, source.kernelPlanes, destination.kernelPlanes,
                    Int32(source.width / 2), Int32(source.height / 2), choice)
            }
        }
    }
}
