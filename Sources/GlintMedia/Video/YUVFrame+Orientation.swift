import CFFmpeg

extension YUVFrame {
    /// The frame with `orientation` applied to its planes (turned and/or mirrored), like
    /// ``RGBImage/transformed(by:)`` for RGB pictures.
    /// - Parameter reusing: A frame of the turned size to write into, or `nil` for a new one.
    /// - Returns: `self` for ``Orientation/up``, otherwise the turned frame.
    public func transformed(by orientation: Orientation, reusing: YUVFrame? = nil) throws -> YUVFrame {
        guard orientation != .up else { return self }
        let (outWidth, outHeight) = orientation.displaySize(width: width, height: height)
        let output: YUVFrame
        if let reusing, reusing !== self, reusing.width == outWidth, reusing.height == outHeight {
            try reusing.makeWritable()
            output = reusing
        } else {
            output = try YUVFrame(width: outWidth, height: outHeight, range: range, matrix: matrix)
        }
        output.range = range
        output.matrix = matrix
        let source = planes
        let destination = output.planes
        Self.remap(source.y, source.yStride, width: width, height: height, into: destination.y, destination.yStride, orientation)
        Self.remap(source.u, source.uStride, width: width / 2, height: height / 2, into: destination.u, destination.uStride, orientation)
        Self.remap(source.v, source.vStride, width: width / 2, height: height / 2, into: destination.v, destination.vStride, orientation)
        return output
    }

    /// Moves each sample of a `width` x `height` plane to where `orientation` puts it.
    private static func remap(
        _ source: UnsafeMutablePointer<UInt8>, _ sourceStride: Int, width: Int, height: Int,
        into destination: UnsafeMutablePointer<UInt8>, _ destinationStride: Int,
        _ orientation: Orientation
    ) {
        // Integer affine map of sample positions: destination = origin + x * dx + y * dy.
        func map(_ x: Int, _ y: Int) -> (Int, Int) {
            let p = orientation.apply(x: Double(x) + 0.5, y: Double(y) + 0.5, width: Double(width), height: Double(height))
            return (Int(p.x - 0.5), Int(p.y - 0.5))
        }
        let origin = map(0, 0)
        let ax = map(1, 0)
        let ay = map(0, 1)
        let stepX = (ax.1 - origin.1) * destinationStride + (ax.0 - origin.0)
        let stepY = (ay.1 - origin.1) * destinationStride + (ay.0 - origin.0)
        let start = origin.1 * destinationStride + origin.0
        for y in 0..<height {
            let row = source + y * sourceStride
            var d = start + y * stepY
            for x in 0..<width {
                destination[d] = row[x]
                d += stepX
            }
        }
    }
}
