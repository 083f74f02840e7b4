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
/// than one per pixel. The loops run over raw pointers, so that they stay usable in debug builds.
/// Not thread-safe: give each task its own mapper.
public final class PaletteMapper {
    /// The palette.
    public let palette: [PaletteColour]
    /// Palette index + 1 per 6-bit colour cell; 0 when not yet searched.
    private let cache: UnsafeMutablePointer<UInt16>
    private static let cacheSize = 64 * 64 * 64
    /// The palette's channels, for the search.
    private let reds: [Int32], greens: [Int32], blues: [Int32]

    /// Creates a mapper for `palette` (1...256 colours).
    public init(palette: [PaletteColour]) {
        precondition(!palette.isEmpty && palette.count <= 256, "a palette holds 1 to 256 colours")
        self.palette = palette
        reds = palette.map { Int32($0.red) }
        greens = palette.map { Int32($0.green) }
        blues = palette.map { Int32($0.blue) }
        cache = .allocate(capacity: Self.cacheSize)
        cache.initialize(repeating: 0, count: Self.cacheSize)
    }

    deinit {
        cache.deallocate()
    }

    /// The index of the palette colour nearest to (`r`, `g`, `b`), each clamped to 0...255.
    @inline(__always)
    public func nearest(_ r: Int32, _ g: Int32, _ b: Int32) -> UInt8 {
        let r = r < 0 ? 0 : (r > 255 ? 255 : r)
        let g = g < 0 ? 0 : (g > 255 ? 255 : g)
        let b = b < 0 ? 0 : (b > 255 ? 255 : b)
        let key = Int((r >> 2) << 12 | (g >> 2) << 6 | (b >> 2))
        let cached = cache[key]
        if cached != 0 { return UInt8(truncatingIfNeeded: cached - 1) }
        let found = search((r & ~3) + 2, (g & ~3) + 2, (b & ~3) + 2)
        cache[key] = UInt16(found) + 1
        return found
    }

    /// The nearest palette colour to a cell's centre (so every colour in the cell gets the same answer).
    private func search(_ r: Int32, _ g: Int32, _ b: Int32) -> UInt8 {
        var best = 0
        var bestDistance = Int32.max
        for i in 0..<reds.count {
            let dr = reds[i] - r
            let dg = greens[i] - g
            let db = blues[i] - b
            let d = 299 * dr * dr + 587 * dg * dg + 114 * db * db
            if d < bestDistance {
                bestDistance = d
                best = i
            }
        }
        return UInt8(best)
    }

    /// The palette indices of `image`, row by row.
    public func indices(of image: RGBImage, dithering: Dithering) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: image.width * image.height)
        image.pixels.withUnsafeBufferPointer { p in
            output.withUnsafeMutableBufferPointer { o in
                guard let p = p.baseAddress, let o = o.baseAddress else { return }
                switch dithering {
                case .none: plain(p, o, count: image.width * image.height)
                case .ordered: ordered(p, o, width: image.width, height: image.height)
                case .floydSteinberg: floydSteinberg(p, o, width: image.width, height: image.height)
                }
            }
        }
        return output
    }

    private func plain(_ p: UnsafePointer<UInt8>, _ o: UnsafeMutablePointer<UInt8>, count: Int) {
        var i = 0
        while i < count {
            o[i] = nearest(Int32(p[3 * i]), Int32(p[3 * i + 1]), Int32(p[3 * i + 2]))
            i += 1
        }
    }

    /// The 8x8 Bayer threshold matrix, values 0...63.
    private static let bayer: [Int32] = {
        var m = [Int32](repeating: 0, count: 64)
        for y in 0..<8 {
            for x in 0..<8 {
                var v: Int32 = 0
                let xc = Int32(x)
                let yc = Int32(y) ^ Int32(x)
                for bit in 0..<3 {
                    v |= ((yc >> Int32(bit)) & 1) << Int32(5 - 2 * bit)
                    v |= ((xc >> Int32(bit)) & 1) << Int32(4 - 2 * bit)
                }
                m[y * 8 + x] = v
            }
        }
        return m
    }()

    private func ordered(_ p: UnsafePointer<UInt8>, _ o: UnsafeMutablePointer<UInt8>, width: Int, height: Int) {
        // The pattern spans about the gap between neighbouring palette colours.
        let spread = Int32(max(8, 96 / Int(Double(palette.count).squareRoot().rounded(.up))))
        let offsets = Self.bayer.map { ($0 * 2 - 63) * spread / 128 }
        for y in 0..<height {
            var x = 0
            while x < width {
                let offset = offsets[(y & 7) * 8 + (x & 7)]
                let i = y * width + x
                o[i] = nearest(Int32(p[3 * i]) + offset, Int32(p[3 * i + 1]) + offset, Int32(p[3 * i + 2]) + offset)
                x += 1
            }
        }
    }

    private func floydSteinberg(_ p: UnsafePointer<UInt8>, _ o: UnsafeMutablePointer<UInt8>, width: Int, height: Int) {
        // Errors in 1/16 units for this row and the next, with a guard pixel at each end.
        let rowLength = (width + 2) * 3
        var current = UnsafeMutablePointer<Int32>.allocate(capacity: rowLength)
        var next = UnsafeMutablePointer<Int32>.allocate(capacity: rowLength)
        defer {
            current.deallocate()
            next.deallocate()
        }
        current.initialize(repeating: 0, count: rowLength)
        next.initialize(repeating: 0, count: rowLength)
        @inline(__always) func spread(_ error: Int32) -> Int32 {
            // Bounded so that a run of clipped pixels cannot smear across the picture.
            let e = error / 16
            return e < -64 ? -64 : (e > 64 ? 64 : e)
        }
        let palette = (0..<reds.count).map { (reds[$0], greens[$0], blues[$0]) }
        let cache = self.cache
        for y in 0..<height {
            let leftToRight = y % 2 == 0
            next.update(repeating: 0, count: rowLength)
            let ahead = leftToRight ? 3 : -3
            var step = 0
            while step < width {
                let x = leftToRight ? step : width - 1 - step
                let i = y * width + x
                let e = (x + 1) * 3
                let r = Int32(p[3 * i]) + spread(current[e])
                let g = Int32(p[3 * i + 1]) + spread(current[e + 1])
                let b = Int32(p[3 * i + 2]) + spread(current[e + 2])
                let cr = r < 0 ? 0 : (r > 255 ? 255 : r)
                let cg = g < 0 ? 0 : (g > 255 ? 255 : g)
                let cb = b < 0 ? 0 : (b > 255 ? 255 : b)
                // The cache lookup of `nearest`, written out: this is the hottest line of a GIF.
                let key = Int((cr >> 2) << 12 | (cg >> 2) << 6 | (cb >> 2))
                let index = cache[key] != 0 ? Int(cache[key] - 1) : Int(nearest(cr, cg, cb))
                o[i] = UInt8(truncatingIfNeeded: index)
                let er = cr - palette[index].0
                let eg = cg - palette[index].1
                let eb = cb - palette[index].2
                current[e + ahead] += er * 7
                current[e + ahead + 1] += eg * 7
                current[e + ahead + 2] += eb * 7
                next[e - ahead] += er * 3
                next[e - ahead + 1] += eg * 3
                next[e - ahead + 2] += eb * 3
                next[e] += er * 5
                next[e + 1] += eg * 5
                next[e + 2] += eb * 5
                next[e + ahead] += er
                next[e + ahead + 1] += eg
                next[e + ahead + 2] += eb
                step += 1
            }
            swap(&current, &next)
        }
    }
}
