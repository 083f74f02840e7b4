import Foundation

extension RGBImage {
    /// Resamples the image through an affine map, in one pass, with bicubic (Catmull-Rom)
    /// interpolation: the resampling step of straightening, where rotation, crop and scale are
    /// one transform.
    ///
    /// Bicubic interpolation keeps edges sharp at about the source's own scale and when enlarging.
    /// It does not average away detail when shrinking a lot, so callers shrinking by more than
    /// about 1.5 first scale the source with an area filter (``ImageScaler``) to near the result's
    /// resolution. Points that land outside the image take the nearest edge pixel, so a map whose
    /// result lies inside the picture gives no border.
    /// - Parameters:
    ///   - transform: Maps continuous coordinates of the *result* (origin at its top-left
    ///     corner, pixel centres at half-integers) to continuous coordinates of this image.
    ///   - width: Width of the result in pixels.
    ///   - height: Height of the result in pixels.
    /// - Returns: The resampled image.
    public func warped(by transform: AffineMap, width: Int, height: Int) -> RGBImage {
        var output = RGBImage(width: width, height: height)
        let sourceWidth = self.width
        let sourceHeight = self.height
        let rowBytes = sourceWidth * 3
        let t = transform
        pixels.withUnsafeBufferPointer { source in
            output.pixels.withUnsafeMutableBufferPointer { destination in
                var d = 0
                for row in 0..<height {
                    let v = Double(row) + 0.5
                    // Source position of this row's first pixel centre, in pixel-index units.
                    var x = t.a * 0.5 + t.c * v + t.tx - 0.5
                    var y = t.b * 0.5 + t.d * v + t.ty - 0.5
                    for _ in 0..<width {
                        let xFloor = x.rounded(.down)
                        let yFloor = y.rounded(.down)
                        let wx = Self.catmullRom(Float(x - xFloor))
                        let wy = Self.catmullRom(Float(y - yFloor))
                        let ix = Int(xFloor)
                        let iy = Int(yFloor)
                        let c0 = Self.clamp(ix - 1, sourceWidth) * 3
                        let c1 = Self.clamp(ix, sourceWidth) * 3
                        let c2 = Self.clamp(ix + 1, sourceWidth) * 3
                        let c3 = Self.clamp(ix + 2, sourceWidth) * 3
                        var r: Float = 0
                        var g: Float = 0
                        var b: Float = 0
                        for k in 0..<4 {
                            let rowStart = Self.clamp(iy - 1 + k, sourceHeight) * rowBytes
                            let p0 = rowStart + c0
                            let p1 = rowStart + c1
                            let p2 = rowStart + c2
                            let p3 = rowStart + c3
                            let rr = wx.0 * Float(source[p0]) + wx.1 * Float(source[p1]) + wx.2 * Float(source[p2]) + wx.3 * Float(source[p3])
                            let gg =
                                wx.0 * Float(source[p0 + 1]) + wx.1 * Float(source[p1 + 1])
                                + wx.2 * Float(source[p2 + 1]) + wx.3 * Float(source[p3 + 1])
                            let bb =
                                wx.0 * Float(source[p0 + 2]) + wx.1 * Float(source[p1 + 2])
                                + wx.2 * Float(source[p2 + 2]) + wx.3 * Float(source[p3 + 2])
                            let weight = k == 0 ? wy.0 : k == 1 ? wy.1 : k == 2 ? wy.2 : wy.3
                            r += weight * rr
                            g += weight * gg
                            b += weight * bb
                        }
                        destination[d] = Self.byte(r)
                        destination[d + 1] = Self.byte(g)
                        destination[d + 2] = Self.byte(b)
                        d += 3
                        x += t.a
                        y += t.b
                    }
                }
            }
        }
        return output
    }

    /// Catmull-Rom weights of the four taps around a point `t` (0..<1) past the second tap.
    @inline(__always)
    private static func catmullRom(_ t: Float) -> (Float, Float, Float, Float) {
        let t2 = t * t
        let t3 = t2 * t
        return (
            (-t3 + 2 * t2 - t) * 0.5,
            (3 * t3 - 5 * t2 + 2) * 0.5,
            (-3 * t3 + 4 * t2 + t) * 0.5,
            (t3 - t2) * 0.5
        )
    }

    @inline(__always)
    private static func clamp(_ index: Int, _ count: Int) -> Int {
        min(max(index, 0), count - 1)
    }

    @inline(__always)
    private static func byte(_ value: Float) -> UInt8 {
        UInt8(min(max(value + 0.5, 0), 255))
    }
}
