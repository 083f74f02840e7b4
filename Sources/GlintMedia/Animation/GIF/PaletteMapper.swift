/// How colours that fall between palette entries are rendered.
public enum Dithering: String, Sendable, Codable, CaseIterable {
    /// Each pixel takes the nearest palette colour (flat areas band, but nothing crawls).
    case none
    /// An 8x8 Bayer pattern: stable from frame to frame, so still areas compress well.
    case ordered
    /// Floyd-Steinberg error diffusion in serpentine order: the smoothest gradients.
    case floydSteinberg = "floyd-steinberg"
}

/// Maps RGB pixels to the indices of a fixed palette, with or without dithering.
///
/// Nearest-colour searches use the channel weights of ``MedianCutQuantizer`` and are cached in a
/// 64x64x64 table filled on demand, so a frame costs one search per distinct colour cell rather
/// than one per pixel. Not thread-safe: give each task its own mapper.
public final class PaletteMapper {
    /// The palette.
    public let palette: [PaletteColour]
    private var cache: [Int16]
    private let weights: (Int32, Int32, Int32) = (299, 587, 114)

    /// Creates a mapper for `palette` (1...256 colours).
    public init(palette: [PaletteColour]) {
        precondition(!palette.isEmpty && palette.count <= 256, "a palette holds 1 to 256 colours")
        self.palette = palette
        cache = [Int16](repeating: -1, count: 64 * 64 * 64)
    }

    /// The index of the palette colour nearest to (`r`, `g`, `b`), each clamped to 0...255.
    @inline(__always)
    public func nearest(_ r: Int32, _ g: Int32, _ b: Int32) -> UInt8 {
        let r = min(max(r, 0), 255), g = min(max(g, 0), 255), b = min(max(b, 0), 255)
        let key = Int((r >> 2) << 12 | (g >> 2) << 6 | (b >> 2))
        let cached = cache[key]
        if cached >= 0 { return UInt8(cached) }
        // Search from the cell's centre so that every colour in the cell gets the same answer.
        let (cr, cg, cb) = ((r & ~3) + 2, (g & ~3) + 2, (b & ~3) + 2)
        var best = 0
        var bestDistance = Int32.max
        for (i, p) in palette.enumerated() {
            let dr = Int32(p.red) - cr, dg = Int32(p.green) - cg, db = Int32(p.blue) - cb
            let d = weights.0 * dr * dr + weights.1 * dg * dg + weights.2 * db * db
            if d < bestDistance { bestDistance = d; best = i }
        }
        cache[key] = Int16(best)
        return UInt8(best)
    }

    /// The palette indices of `image`, row by row.
    public func indices(of image: RGBImage, dithering: Dithering) -> [UInt8] {
        switch dithering {
        case .none: return plain(image)
        case .ordered: return ordered(image)
        case .floydSteinberg: return floydSteinberg(image)
        }
    }

    private func plain(_ image: RGBImage) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: image.width * image.height)
        image.pixels.withUnsafeBufferPointer { p in
            for i in 0..<output.count {
                output[i] = nearest(Int32(p[i * 3]), Int32(p[i * 3 + 1]), Int32(p[i * 3 + 2]))
            }
        }
        return output
    }

    /// The 8x8 Bayer threshold matrix, values 0...63.
    private static let bayer: [Int32] = {
        var m = [Int32](repeating: 0, count: 64)
        for y in 0..<8 {
            for x in 0..<8 {
                var v: Int32 = 0, xc = Int32(x), yc = Int32(y) ^ Int32(x)
                for bit in 0..<3 {
                    v |= ((yc >> Int32(bit)) & 1) << Int32(5 - 2 * bit)
                    v |= ((xc >> Int32(bit)) & 1) << Int32(4 - 2 * bit)
                }
                m[y * 8 + x] = v
            }
        }
        return m
    }()

    private func ordered(_ image: RGBImage) -> [UInt8] {
        // The pattern spans about the gap between neighbouring palette colours.
        let spread = Int32(max(8, 96 / Int(Double(palette.count).squareRoot().rounded(.up))))
        var output = [UInt8](repeating: 0, count: image.width * image.height)
        let bayer = Self.bayer
        image.pixels.withUnsafeBufferPointer { p in
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let offset = (bayer[(y & 7) * 8 + (x & 7)] * 2 - 63) * spread / 128
                    let i = y * image.width + x
                    output[i] = nearest(Int32(p[i * 3]) + offset, Int32(p[i * 3 + 1]) + offset, Int32(p[i * 3 + 2]) + offset)
                }
            }
        }
        return output
    }

    private func floydSteinberg(_ image: RGBImage) -> [UInt8] {
        let width = image.width
        var output = [UInt8](repeating: 0, count: width * image.height)
        // Errors in 1/16 units for this row and the next, with a guard pixel at each end.
        var current = [Int32](repeating: 0, count: (width + 2) * 3)
        var next = current
        image.pixels.withUnsafeBufferPointer { p in
            for y in 0..<image.height {
                let leftToRight = y % 2 == 0
                for k in 0..<next.count { next[k] = 0 }
                for step in 0..<width {
                    let x = leftToRight ? step : width - 1 - step
                    let i = y * width + x
                    let e = (x + 1) * 3
                    // Quantisation error is bounded so a run of clipped pixels cannot smear.
                    let r = Int32(p[i * 3]) + min(max(current[e] / 16, -64), 64)
                    let g = Int32(p[i * 3 + 1]) + min(max(current[e + 1] / 16, -64), 64)
                    let b = Int32(p[i * 3 + 2]) + min(max(current[e + 2] / 16, -64), 64)
                    let index = nearest(r, g, b)
                    output[i] = index
                    let chosen = palette[Int(index)]
                    let errors = (min(max(r, 0), 255) - Int32(chosen.red),
                                  min(max(g, 0), 255) - Int32(chosen.green),
                                  min(max(b, 0), 255) - Int32(chosen.blue))
                    let ahead = leftToRight ? 3 : -3
                    current[e + ahead] += errors.0 * 7
                    current[e + ahead + 1] += errors.1 * 7
                    current[e + ahead + 2] += errors.2 * 7
                    next[e - ahead] += errors.0 * 3
                    next[e - ahead + 1] += errors.1 * 3
                    next[e - ahead + 2] += errors.2 * 3
                    next[e] += errors.0 * 5
                    next[e + 1] += errors.1 * 5
                    next[e + 2] += errors.2 * 5
                    next[e + ahead] += errors.0
                    next[e + ahead + 1] += errors.1
                    next[e + ahead + 2] += errors.2
                }
                swap(&current, &next)
            }
        }
        return output
    }
}
