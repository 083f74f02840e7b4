/// The chromaticities of an RGB colour space's red, green and blue primaries and of its white
/// point, as CIE 1931 xy.
///
/// Every space Glint handles has a D65 white, so converting between them needs no chromatic
/// adaptation; LittleCMS does the conversions (see ``ColourSpace``), these values define the
/// spaces.
public struct ColourPrimaries: Sendable, Hashable {
    /// A CIE 1931 xy chromaticity.
    public struct Chromaticity: Sendable, Hashable {
        public var x: Double
        public var y: Double
        public init(x: Double, y: Double) {
            self.x = x
            self.y = y
        }
    }

    public var red: Chromaticity
    public var green: Chromaticity
    public var blue: Chromaticity
    public var white: Chromaticity

    /// Creates a set of primaries.
    public init(red: Chromaticity, green: Chromaticity, blue: Chromaticity, white: Chromaticity = .d65) {
        self.red = red
        self.green = green
        self.blue = blue
        self.white = white
    }

    /// BT.709 and sRGB (IEC 61966-2-1).
    public static let bt709 = ColourPrimaries(
        red: .init(x: 0.640, y: 0.330), green: .init(x: 0.300, y: 0.600),
        blue: .init(x: 0.150, y: 0.060))
    /// Display P3: the DCI-P3 primaries with a D65 white (Apple's stills and newer iPhone movies).
    public static let displayP3 = ColourPrimaries(
        red: .init(x: 0.680, y: 0.320), green: .init(x: 0.265, y: 0.690),
        blue: .init(x: 0.150, y: 0.060))
    /// BT.2020 / BT.2100, the widest of them; Glint's working space uses it.
    public static let bt2020 = ColourPrimaries(
        red: .init(x: 0.708, y: 0.292), green: .init(x: 0.170, y: 0.797),
        blue: .init(x: 0.131, y: 0.046))
    /// BT.601 625-line (EBU, BT.470 B/G).
    public static let bt470bg = ColourPrimaries(
        red: .init(x: 0.640, y: 0.330), green: .init(x: 0.290, y: 0.600),
        blue: .init(x: 0.150, y: 0.060))
    /// BT.601 525-line (SMPTE 170M, also SMPTE 240M).
    public static let smpte170m = ColourPrimaries(
        red: .init(x: 0.630, y: 0.340), green: .init(x: 0.310, y: 0.595),
        blue: .init(x: 0.155, y: 0.070))

    /// The primaries an H.273 code point names. Unspecified (2) and code points Glint does not
    /// know are read as BT.709, which is what players assume for HD video.
    public init(video: VideoColourPrimaries) {
        switch video {
        case .displayP3: self = .displayP3
        case .bt2020: self = .bt2020
        case .bt470bg: self = .bt470bg
        case .smpte170m, VideoColourPrimaries(rawValue: 7): self = .smpte170m
        default: self = .bt709
        }
    }

    /// The H.273 code point for these primaries, or `nil` when there is none.
    public var videoPrimaries: VideoColourPrimaries? {
        switch self {
        case .bt709: .bt709
        case .displayP3: .displayP3
        case .bt2020: .bt2020
        case .bt470bg: .bt470bg
        case .smpte170m: .smpte170m
        default: nil
        }
    }

    /// The luminance (Y) of each primary at full strength: the weights that give a linear RGB
    /// colour's luminance, summing to 1.
    public var luminanceWeights: (red: Double, green: Double, blue: Double) {
        let m = rgbToXYZ
        return (m[3], m[4], m[5])
    }

    /// The 3x3 matrix, row-major, from linear RGB (white = 1, 1, 1) to CIE XYZ (white Y = 1).
    public var rgbToXYZ: [Double] {
        func xyz(_ c: Chromaticity) -> [Double] { [c.x / c.y, 1, (1 - c.x - c.y) / c.y] }
        let (r, g, b, w) = (xyz(red), xyz(green), xyz(blue), xyz(white))
        // Columns are the primaries' XYZ, scaled so that R = G = B = 1 gives the white point.
        let p = [r[0], g[0], b[0], r[1], g[1], b[1], r[2], g[2], b[2]]
        let s = Self.solve(p, w)
        return [
            p[0] * s[0], p[1] * s[1], p[2] * s[2],
            p[3] * s[0], p[4] * s[1], p[5] * s[2],
            p[6] * s[0], p[7] * s[1], p[8] * s[2],
        ]
    }

    /// The 3x3 matrix, row-major, from linear RGB in these primaries to linear RGB in `other`
    /// (both with the same white, so no chromatic adaptation is involved).
    public func conversionMatrix(to other: ColourPrimaries) -> [Double] {
        let toXYZ = rgbToXYZ
        let fromXYZ = Self.inverse(other.rgbToXYZ)
        return (0..<9).map { i in
            let (row, column) = (i / 3, i % 3)
            return (0..<3).reduce(0) { $0 + fromXYZ[row * 3 + $1] * toXYZ[$1 * 3 + column] }
        }
    }

    /// The inverse of a 3x3 row-major matrix.
    static func inverse(_ m: [Double]) -> [Double] {
        (0..<9).map { i in
            var unit = [0.0, 0, 0]
            unit[i % 3] = 1
            return solve(m, unit)[i / 3]
        }
    }

    /// Solves `m * x = v` for a 3x3 row-major `m` (Cramer's rule).
    static func solve(_ m: [Double], _ v: [Double]) -> [Double] {
        func det(_ a: [Double]) -> Double {
            a[0] * (a[4] * a[8] - a[5] * a[7]) - a[1] * (a[3] * a[8] - a[5] * a[6]) + a[2] * (a[3] * a[7] - a[4] * a[6])
        }
        let d = det(m)
        return (0..<3).map { column in
            var replaced = m
            for row in 0..<3 { replaced[row * 3 + column] = v[row] }
            return det(replaced) / d
        }
    }
}

extension ColourPrimaries.Chromaticity {
    /// CIE standard illuminant D65, the white of every space Glint handles.
    public static let d65 = ColourPrimaries.Chromaticity(x: 0.3127, y: 0.3290)
}
