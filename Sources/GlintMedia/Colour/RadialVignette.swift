import Foundation

/// A radial vignette: darkens (or, with a negative amount, lightens) a picture towards its
/// edges, by a gain in linear light.
///
/// Positions are normalised to the picture, so the same vignette falls the same way on a
/// 4032x3024 still and on a 1440x1080 frame: with `u` and `v` running from -1 to 1 across the
/// picture's width and height, the distance is `d = sqrt((u² + v²) / 2)` (0 at the centre,
/// 1 in the corners; the shape follows the picture's aspect ratio). The gain is
/// `2^(-1.5 amount smoothstep(0.25, 1, d))`: nothing inside a quarter of the way out, 1.5 stops
/// darker in the corners at amount 1. The shape is symmetric under flips and quarter turns, so
/// it may be applied to pixels in either stored or display orientation.
///
/// The gain is applied to output code values through the output space's own curve
/// (``ColourSpace/decodeTable()``), quantised to 256 steps of the weight (each under 0.6% of
/// gain apart), and costs three table look-ups per pixel away from the centre.
public struct RadialVignette: Sendable {
    /// The amount, -1...1 (0 changes nothing).
    public let amount: Double
    /// Stops of darkening in the corners at amount 1.
    public static let cornerStops = 1.5
    /// Where the falloff starts, as a fraction of the distance to the corner.
    public static let start = 0.25

    /// 256 levels of weight, each a 256-entry table from code value to darkened code value.
    private let tables: [UInt8]
    /// Weight level for each of 4096 steps of the squared distance `d²`.
    private let levels: [UInt8]

    /// Creates a vignette for pictures whose code values are in `space`.
    /// - Throws: ``MediaError`` when the space's profile cannot be read.
    public init(amount: Double, space: ColourSpace) throws {
        self.amount = amount
        let decode = try space.decodeTable()
        var tables = [UInt8](repeating: 0, count: 256 * 256)
        for level in 0..<256 {
            let gain = pow(2, -Self.cornerStops * amount * Double(level) / 255)
            for code in 0..<256 {
                tables[level << 8 | code] = Self.encode(decode[code] * gain, decode: decode)
            }
        }
        self.tables = tables
        levels = (0..<4096).map { step in
            UInt8((Self.weight(distance: (Double(step) / 4095).squareRoot()) * 255).rounded())
        }
    }

    /// The falloff, 0 at the centre to 1 in the corners.
    public static func weight(distance d: Double) -> Double {
        let t = min(max((d - start) / (1 - start), 0), 1)
        return t * t * (3 - 2 * t)
    }

    /// The linear-light gain at normalised position (`u`, `v`), each -1...1.
    public func gain(u: Double, v: Double) -> Double {
        pow(2, -Self.cornerStops * amount * Self.weight(distance: ((u * u + v * v) / 2).squareRoot()))
    }

    /// The code value whose linear light is nearest `linear`, rounding in code values.
    static func encode(_ linear: Double, decode: [Double]) -> UInt8 {
        if linear <= decode[0] { return 0 }
        if linear >= decode[255] { return 255 }
        var low = 0, high = 255
        while high - low > 1 {
            let middle = (low + high) / 2
            if decode[middle] <= linear { low = middle } else { high = middle }
        }
        let span = decode[high] - decode[low]
        let fraction = span > 0 ? (linear - decode[low]) / span : 0
        return UInt8(fraction >= 0.5 ? high : low)
    }

    /// Applies the vignette to every pixel of `image`, in place.
    public func apply(to image: inout RGBImage) {
        guard amount != 0 else { return }
        let (width, height) = (image.width, image.height)
        let uSquared = (0..<width).map { x -> Double in
            let u = (Double(x) + 0.5) / Double(width) * 2 - 1
            return u * u / 2
        }
        tables.withUnsafeBufferPointer { tables in
            levels.withUnsafeBufferPointer { levels in
                uSquared.withUnsafeBufferPointer { uSquared in
                    image.pixels.withUnsafeMutableBufferPointer { pixels in
                        for y in 0..<height {
                            let v = (Double(y) + 0.5) / Double(height) * 2 - 1
                            let vSquared = v * v / 2
                            var p = pixels.baseAddress! + y * width * 3
                            for x in 0..<width {
                                let level = Int(levels[Int((uSquared[x] + vSquared) * 4095)])
                                if level != 0 {
                                    let table = tables.baseAddress! + level << 8
                                    p[0] = table[Int(p[0])]
                                    p[1] = table[Int(p[1])]
                                    p[2] = table[Int(p[2])]
                                }
                                p += 3
                            }
                        }
                    }
                }
            }
        }
    }
}
