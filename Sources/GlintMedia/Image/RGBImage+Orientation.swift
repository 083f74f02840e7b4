extension RGBImage {
    /// The image with `orientation` applied to its pixels (turned and/or mirrored).
    public func transformed(by orientation: Orientation) -> RGBImage {
        guard orientation != .up else { return self }
        let (outWidth, outHeight) = orientation.displaySize(width: width, height: height)
        // Integer affine map of pixel indices: destination = origin + x * dx + y * dy.
        func map(_ x: Int, _ y: Int) -> (Int, Int) {
            let p = orientation.apply(x: Double(x) + 0.5, y: Double(y) + 0.5, width: Double(width), height: Double(height))
            return (Int(p.x - 0.5), Int(p.y - 0.5))
        }
        let origin = map(0, 0)
        let ax = map(1, 0)
        let ay = map(0, 1)
        let dx = (ax.0 - origin.0, ax.1 - origin.1)
        let dy = (ay.0 - origin.0, ay.1 - origin.1)
        var output = RGBImage(width: outWidth, height: outHeight)
        let stepX = (dx.1 * outWidth + dx.0) * 3
        let stepY = (dy.1 * outWidth + dy.0) * 3
        let start = (origin.1 * outWidth + origin.0) * 3
        pixels.withUnsafeBufferPointer { source in
            output.pixels.withUnsafeMutableBufferPointer { destination in
                var s = 0
                for y in 0..<height {
                    var d = start + y * stepY
                    for _ in 0..<width {
                        destination[d] = source[s]
                        destination[d + 1] = source[s + 1]
                        destination[d + 2] = source[s + 2]
                        s += 3
                        d += stepX
                    }
                }
            }
        }
        return output
    }
}
