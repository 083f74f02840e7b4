/// A track's display matrix (`tkhd`): a 3x3 matrix of which QuickTime players use the
/// 2x2 linear part (16.16 fixed point) and the translation to rotate and mirror frames.
///
/// For the rotations phones write, the matrix is one of the eight ``Orientation``s; a matrix that
/// scales or shears is kept as it is but reported as ``orientation`` `nil`.
public struct TransformMatrix: Sendable, Equatable {
    /// The nine values in file order: a, b, u, c, d, v, x, y, w.
    public var values: [Int32]

    /// The identity matrix.
    public static let identity = TransformMatrix(values: [0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x4000_0000])

    /// Wraps nine values in file order.
    public init(values: [Int32]) {
        precondition(values.count == 9)
        self.values = values
    }

    /// Reads nine big-endian values.
    public init(reading reader: inout ByteReader) throws {
        var values: [Int32] = []
        for _ in 0..<9 { values.append(try reader.readInt32()) }
        self.values = values
    }

    /// The matrix that displays stored frames of `width` x `height` with `orientation`.
    public init(orientation: Orientation, width: Int, height: Int) {
        // Images of the unit vectors under the orientation, as (dx, dy) for x and for y.
        let origin = orientation.apply(x: 0, y: 0, width: Double(width), height: Double(height))
        let ex = orientation.apply(x: 1, y: 0, width: Double(width), height: Double(height))
        let ey = orientation.apply(x: 0, y: 1, width: Double(width), height: Double(height))
        let a = Int32((ex.x - origin.x).rounded())
        let b = Int32((ex.y - origin.y).rounded())
        let c = Int32((ey.x - origin.x).rounded())
        let d = Int32((ey.y - origin.y).rounded())
        values = [a << 16, b << 16, 0, c << 16, d << 16, 0, Int32(origin.x) << 16, Int32(origin.y) << 16, 0x4000_0000]
    }

    /// Writes the nine values.
    public func write(to writer: inout ByteWriter) {
        for value in values { writer.write(value) }
    }

    /// The orientation this matrix applies, or `nil` when it is not a pure rotation or mirror.
    public var orientation: Orientation? {
        // QuickTime maps (x, y) to (a x + c y + tx, b x + d y + ty).
        let linear = [values[0], values[1], values[3], values[4]]
        guard linear.allSatisfy({ $0 == 0 || $0.magnitude == 0x10000 }) else { return nil }  // abs(Int32.min) traps
        for candidate in Orientation.allCases {
            let probe = TransformMatrix(orientation: candidate, width: 2, height: 1)
            if [probe.values[0], probe.values[1], probe.values[3], probe.values[4]] == linear { return candidate }
        }
        return nil
    }
}
