/// Resampling in Swift for a gain map and the small pictures measured beside it, without
/// loading libswscale (``ImageScaler``), whose dynamic loading alone costs an edit that does not
/// otherwise scale more than the work: a shrink averages whole blocks of `k` x `k` pixels
/// (integer sums), then bilinear interpolation makes the exact size.
extension RGBImage {
    /// The image resampled to `width` x `height`.
    public func areaScaled(width: Int, height: Int) -> RGBImage {
        precondition(width > 0 && height > 0, "image dimensions must be positive")
        if width == self.width && height == self.height { return self }
        // At most 256 rows summed in 16 bits.
        let factor = max(1, min(self.width / width, self.height / height, 16))
        let reduced = factor > 1 ? boxReduced(by: factor) : self
        return reduced.bilinear(width: width, height: height)
    }

    /// Each `k` x `k` block averaged into one pixel (the last partial row and column dropped):
    /// the block's rows summed first, along whole rows (which vectorises), then its columns.
    func boxReduced(by k: Int) -> RGBImage {
        let (outWidth, outHeight) = (width / k, height / k)
        var result = RGBImage(width: outWidth, height: outHeight)
        let rowLength = width * 3
        var rowSums = [UInt16](repeating: 0, count: rowLength)
        let area = UInt32(k * k)
        pixels.withUnsafeBufferPointer { source in
            result.pixels.withUnsafeMutableBufferPointer { out in
                rowSums.withUnsafeMutableBufferPointer { sums in
                    for oy in 0..<outHeight {
                        sums.update(repeating: 0)
                        for y in (oy * k)..<(oy * k + k) {
                            let row = source.baseAddress! + y * rowLength
                            for i in 0..<rowLength { sums[i] &+= UInt16(row[i]) }
                        }
                        var o = oy * outWidth * 3
                        for ox in 0..<outWidth {
                            let start = ox * k * 3
                            var (r, g, b) = (UInt32(0), UInt32(0), UInt32(0))
                            for j in 0..<k {
                                r &+= UInt32(sums[start + j * 3])
                                g &+= UInt32(sums[start + j * 3 + 1])
                                b &+= UInt32(sums[start + j * 3 + 2])
                            }
                            out[o] = UInt8((r + area / 2) / area)
                            out[o + 1] = UInt8((g + area / 2) / area)
                            out[o + 2] = UInt8((b + area / 2) / area)
                            o += 3
                        }
                    }
                }
            }
        }
        return result
    }

    /// Bilinear resampling, pixel centres aligned (a change of at most 2 pixels a side takes the
    /// nearest pixel: a gain map so near its size loses nothing to it).
    func bilinear(width outWidth: Int, height outHeight: Int) -> RGBImage {
        if outWidth == width && outHeight == height { return self }
        func taps(_ count: Int, _ source: Int) -> [(Int, Int, Float)] {
            let scale = Float(source) / Float(count)
            return (0..<count).map { i in
                let f = max(0, min(Float(source - 1), (Float(i) + 0.5) * scale - 0.5))
                let low = Int(f)
                return (low, min(source - 1, low + 1), f - Float(low))
            }
        }
        let columns = taps(outWidth, width)
        let rows = taps(outHeight, height)
        var result = RGBImage(width: outWidth, height: outHeight)
        if abs(outWidth - width) <= 2 && abs(outHeight - height) <= 2 {
            let sourceColumns = columns.map { ($2 < 0.5 ? $0 : $1) * 3 }
            pixels.withUnsafeBufferPointer { source in
                result.pixels.withUnsafeMutableBufferPointer { out in
                    var o = 0
                    for (y0, y1, wy) in rows {
                        let row = (wy < 0.5 ? y0 : y1) * width * 3
                        for x in sourceColumns {
                            (out[o], out[o + 1], out[o + 2]) = (source[row + x], source[row + x + 1], source[row + x + 2])
                            o += 3
                        }
                    }
                }
            }
            return result
        }
        pixels.withUnsafeBufferPointer { source in
            result.pixels.withUnsafeMutableBufferPointer { out in
                for (y, (y0, y1, wy)) in rows.enumerated() {
                    let top = y0 * width * 3
                    let bottom = y1 * width * 3
                    var o = y * outWidth * 3
                    for (x0, x1, wx) in columns {
                        for c in 0..<3 {
                            let a = Float(source[top + x0 * 3 + c]) * (1 - wx) + Float(source[top + x1 * 3 + c]) * wx
                            let b = Float(source[bottom + x0 * 3 + c]) * (1 - wx) + Float(source[bottom + x1 * 3 + c]) * wx
                            out[o + c] = UInt8(min(255, max(0, a * (1 - wy) + b * wy + 0.5)))
                        }
                        o += 3
                    }
                }
            }
        }
        return result
    }
}
