/// A 3D colour look-up table, as read from an Adobe `.cube` file (see ``init(path:)``).
///
/// The table maps an input RGB triple in ``domainMin``...``domainMax`` to an output triple; it is
/// sampled at ``size`` points per axis and interpolated tetrahedrally between them. What the
/// values mean (which primaries, which curve) is the caller's convention: Glint applies LUTs to
/// sRGB-encoded values with sRGB primaries, the convention of display looks (see
/// ``ColourAdjustment``).
public struct CubeLUT: Sendable, Equatable {
    /// The `TITLE`, when the file has one.
    public var title: String?
    /// Points per axis (`LUT_3D_SIZE`, 2...256).
    public let size: Int
    /// The input value mapped to the first grid point of each axis (`DOMAIN_MIN`, default 0).
    public var domainMin: SIMD3<Double>
    /// The input value mapped to the last grid point of each axis (`DOMAIN_MAX`, default 1).
    public var domainMax: SIMD3<Double>
    /// `size`³ output triples, red index changing fastest, then green, then blue (file order).
    public let table: [Float]

    /// The most points per axis the format allows.
    public static let maximumSize = 256

    /// Creates a table.
    /// - Precondition: `size` is 2...256, `table` holds `size`³ triples and each domain
    ///   minimum is below its maximum.
    public init(size: Int, table: [Float], title: String? = nil, domainMin: SIMD3<Double> = .zero, domainMax: SIMD3<Double> = .one) {
        precondition((2...Self.maximumSize).contains(size), "LUT size must be 2...256")
        precondition(table.count == size * size * size * 3, "the table must hold size³ triples")
        precondition(all(domainMin .< domainMax), "each domain minimum must be below its maximum")
        self.size = size
        self.table = table
        self.title = title
        self.domainMin = domainMin
        self.domainMax = domainMax
    }

    /// The table that changes nothing.
    public static func identity(size: Int) -> CubeLUT {
        var table: [Float] = []
        table.reserveCapacity(size * size * size * 3)
        let scale = Float(size - 1)
        for b in 0..<size {
            for g in 0..<size {
                for r in 0..<size { table += [Float(r) / scale, Float(g) / scale, Float(b) / scale] }
            }
        }
        return CubeLUT(size: size, table: table)
    }

    /// The output for `input`, interpolated tetrahedrally.
    ///
    /// An input outside the domain is looked up at the nearest point of the domain and keeps its
    /// excess (`lut(clamped) + (input - clamped)`), so colours beyond the table's range are
    /// neither clipped away nor turned into nonsense, and an identity table changes nothing at all.
    public func lookup(_ input: SIMD3<Double>) -> SIMD3<Double> {
        let clamped = clampComponents(input, domainMin, domainMax)
        let position = (clamped - domainMin) / (domainMax - domainMin) * Double(size - 1)
        let last = size - 2
        let ir = min(Int(position.x), last)
        let ig = min(Int(position.y), last)
        let ib = min(Int(position.z), last)
        let fr = position.x - Double(ir)
        let fg = position.y - Double(ig)
        let fb = position.z - Double(ib)
        func corner(_ dr: Int, _ dg: Int, _ db: Int) -> SIMD3<Double> {
            let i = (((ib + db) * size + (ig + dg)) * size + (ir + dr)) * 3
            return SIMD3(Double(table[i]), Double(table[i + 1]), Double(table[i + 2]))
        }
        let c000 = corner(0, 0, 0)
        let c111 = corner(1, 1, 1)
        let output: SIMD3<Double>
        if fr >= fg {
            if fg >= fb {
                let c100 = corner(1, 0, 0)
                let c110 = corner(1, 1, 0)
                output = c000 + fr * (c100 - c000) + fg * (c110 - c100) + fb * (c111 - c110)
            } else if fr >= fb {
                let c100 = corner(1, 0, 0)
                let c101 = corner(1, 0, 1)
                output = c000 + fr * (c100 - c000) + fb * (c101 - c100) + fg * (c111 - c101)
            } else {
                let c001 = corner(0, 0, 1)
                let c101 = corner(1, 0, 1)
                output = c000 + fb * (c001 - c000) + fr * (c101 - c001) + fg * (c111 - c101)
            }
        } else {
            if fb > fg {
                let c001 = corner(0, 0, 1)
                let c011 = corner(0, 1, 1)
                output = c000 + fb * (c001 - c000) + fg * (c011 - c001) + fr * (c111 - c011)
            } else if fb > fr {
                let c010 = corner(0, 1, 0)
                let c011 = corner(0, 1, 1)
                output = c000 + fg * (c010 - c000) + fb * (c011 - c010) + fr * (c111 - c011)
            } else {
                let c010 = corner(0, 1, 0)
                let c110 = corner(1, 1, 0)
                output = c000 + fg * (c010 - c000) + fr * (c110 - c010) + fb * (c111 - c110)
            }
        }
        return output + (input - clamped)
    }
}

/// Component-wise clamp.
@inline(__always)
func clampComponents(_ value: SIMD3<Double>, _ low: SIMD3<Double>, _ high: SIMD3<Double>) -> SIMD3<Double> {
    value.replacing(with: low, where: value .< low).replacing(with: high, where: value .> high)
}
