/// The DCT blocks of every component that cover one iMCU-aligned rectangle of a JPEG, with the
/// conversions to RGB pixels and back.
///
/// Pixels are made from the blocks with a floating-point inverse DCT, chroma repeated over the
/// pixels each sample covers, and the JFIF colour conversion; changed blocks are made from pixels
/// by averaging over the same pixels, the JFIF conversion, a forward DCT and the file's own
/// quantisation table. Because chroma is repeated, not interpolated, an untouched pixel converts
/// back to (within rounding) the sample it came from.
struct JPEGBlockRegion {
    /// The frame the blocks belong to.
    let layout: JPEGFrameLayout
    /// The pixels covered: iMCU-aligned, clipped to the image.
    let bounds: PixelRect
    /// Each component's blocks covering ``bounds`` (whole iMCUs, padding blocks included).
    let blockRects: [BlockRect]
    /// Each component's blocks, 64 coefficients each in natural order, row-major in its rect.
    var blocks: [[Int16]]

    /// Reads the blocks through `read(component, rect)`.
    init(layout: JPEGFrameLayout, bounds: PixelRect, read: (Int, BlockRect) throws -> [Int16]) rethrows {
        self.layout = layout
        self.bounds = bounds
        blockRects = layout.components.indices.map { layout.blockRect(component: $0, covering: bounds) }
        var blocks: [[Int16]] = []
        for (c, rect) in blockRects.enumerated() { blocks.append(try read(c, rect)) }
        self.blocks = blocks
    }

    /// The region's pixels, ``bounds`` in size.
    func decodeRGB() -> RGBImage {
        let planes = layout.components.indices.map(samplePlane)
        let width = bounds.width
        let height = bounds.height
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        let steps = layout.components.indices.map(layout.pixelsPerSample)
        let planeWidths = blockRects.map { $0.width * 8 }
        let space = layout.colourSpace
        let single = layout.components.count == 1
        for y in 0..<height {
            for x in 0..<width {
                var values = (0, 0, 0)
                let s0 = (y / steps[0].y) * planeWidths[0] + x / steps[0].x
                values.0 = Int(planes[0][s0])
                if !single {
                    values.1 = Int(planes[1][(y / steps[1].y) * planeWidths[1] + x / steps[1].x])
                    values.2 = Int(planes[2][(y / steps[2].y) * planeWidths[2] + x / steps[2].x])
                }
                let rgb = JFIFColour.rgb(values.0, values.1, values.2, space: space)
                let i = (y * width + x) * 3
                pixels[i] = rgb.0
                pixels[i + 1] = rgb.1
                pixels[i + 2] = rgb.2
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    /// Component `c`'s samples over its whole block rect (8 x 8 per block).
    private func samplePlane(_ c: Int) -> [UInt8] {
        let rect = blockRects[c]
        let planeWidth = rect.width * 8
        var plane = [UInt8](repeating: 0, count: planeWidth * rect.height * 8)
        var samples = [UInt8](repeating: 0, count: 64)
        let quantization = layout.components[c].quantization
        for by in 0..<rect.height {
            for bx in 0..<rect.width {
                DCT8x8.inverse(blocks[c], at: (by * rect.width + bx) * 64, quantization: quantization, into: &samples)
                for row in 0..<8 {
                    let start = (by * 8 + row) * planeWidth + bx * 8
                    for column in 0..<8 { plane[start + column] = samples[row * 8 + column] }
                }
            }
        }
        return plane
    }

    /// Re-encodes exactly the blocks whose pixels differ between `original` and `edited` (both
    /// ``bounds`` in size) and leaves every other block as it was.
    /// - Returns: For each component, one flag per block of its rect: whether it was re-encoded.
    mutating func reencodeChangedBlocks(original: RGBImage, edited: RGBImage) -> [[Bool]] {
        var changed: [[Bool]] = []
        var samples = [Double](repeating: 0, count: 64)
        for c in layout.components.indices {
            let rect = blockRects[c]
            let (sx, sy) = layout.pixelsPerSample(c)
            var flags = [Bool](repeating: false, count: rect.count)
            for by in 0..<rect.height {
                for bx in 0..<rect.width {
                    let x0 = bx * 8 * sx
                    let y0 = by * 8 * sy
                    guard x0 < bounds.width, y0 < bounds.height else { continue }  // a padding block
                    let x1 = min(bounds.width, x0 + 8 * sx)
                    let y1 = min(bounds.height, y0 + 8 * sy)
                    guard Self.differ(original, edited, x0..<x1, y0..<y1) else { continue }
                    flags[by * rect.width + bx] = true
                    componentSamples(of: edited, component: c, x0: x0, y0: y0, into: &samples)
                    DCT8x8.forward(
                        samples, quantization: layout.components[c].quantization,
                        into: &blocks[c], at: (by * rect.width + bx) * 64)
                }
            }
            changed.append(flags)
        }
        return changed
    }

    /// Whether any pixel in the given columns and rows differs.
    private static func differ(_ a: RGBImage, _ b: RGBImage, _ columns: Range<Int>, _ rows: Range<Int>) -> Bool {
        let stride = a.width * 3
        for y in rows {
            let start = y * stride + columns.lowerBound * 3
            let end = y * stride + columns.upperBound * 3
            if a.pixels[start..<end] != b.pixels[start..<end] { return true }
        }
        return false
    }

    /// The 64 samples of component `c` for the block whose top-left pixel is (`x0`, `y0`) in the
    /// region: each the mean over the pixels it covers, edge pixels repeated past the image.
    private func componentSamples(of image: RGBImage, component c: Int, x0: Int, y0: Int, into samples: inout [Double]) {
        let (sx, sy) = layout.pixelsPerSample(c)
        let space = layout.colourSpace
        let scale = 1 / Double(sx * sy)
        for v in 0..<8 {
            for u in 0..<8 {
                var r = 0.0
                var g = 0.0
                var b = 0.0
                for dy in 0..<sy {
                    let y = min(image.height - 1, y0 + v * sy + dy)
                    for dx in 0..<sx {
                        let x = min(image.width - 1, x0 + u * sx + dx)
                        let i = (y * image.width + x) * 3
                        r += Double(image.pixels[i])
                        g += Double(image.pixels[i + 1])
                        b += Double(image.pixels[i + 2])
                    }
                }
                samples[v * 8 + u] = JFIFColour.component(c, r: r * scale, g: g * scale, b: b * scale, space: space)
            }
        }
    }
}
