import Foundation

/// A radial vignette: darkens (or, with a negative amount, lightens) a picture towards its
/// edges by a gain in linear light, applied by ``RGBLookupCube`` after its conversion to the
/// output space.
///
/// Positions are normalised to the picture, so the same vignette falls the same way on a
/// 4032x3024 still and on a 1440x1080 frame: with `u` and `v` running from -1 to 1 across the
/// picture's width and height, the distance is `d = sqrt((u² + v²) / 2)` (0 at the centre,
/// 1 in the corners; the shape follows the picture's aspect ratio). The gain is
/// `2^(-1.5 amount smoothstep(0.25, 1, d))`: nothing inside a quarter of the way out, 1.5 stops
/// darker in the corners at amount 1. The shape is symmetric under flips and quarter turns, so
/// it may be applied to pixels in either stored or display orientation.
public struct RadialVignette: Sendable, Equatable {
    /// The amount, -1...1 (0 changes nothing).
    public let amount: Double
    /// Stops of darkening in the corners at amount 1.
    public static let cornerStops = 1.5
    /// Where the falloff starts, as a fraction of the distance to the corner.
    public static let start = 0.25
    /// Steps of the squared distance `d²` (0...1) in ``gainTable``.
    static let steps = 4096
    /// One in the fixed-point gains of ``gainTable``.
    static let unity: Int32 = 1 << 12

    /// The gain, in 1/4096ths, for each of ``steps`` steps of `d²`.
    let gainTable: [Int32]

    /// Creates a vignette.
    public init(amount: Double) {
        self.amount = amount
        gainTable = (0..<Self.steps).map { step in
            let d = (Double(step) / Double(Self.steps - 1)).squareRoot()
            return Int32((pow(2, -Self.cornerStops * amount * Self.weight(distance: d)) * Double(Self.unity)).rounded())
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

    /// Half the squared normalised coordinate of each of `count` pixels across a dimension.
    static func halfSquares(_ count: Int) -> [Double] {
        (0..<count).map { i in
            let u = (Double(i) + 0.5) / Double(count) * 2 - 1
            return u * u / 2
        }
    }

    /// Fills `gains` with the fixed-point gain of each pixel of the row whose half-squared
    /// coordinate is `rowHalfSquare`, given the columns' half squares.
    func rowGains(rowHalfSquare: Double, columnHalfSquares: UnsafeBufferPointer<Double>, into gains: UnsafeMutablePointer<Int32>) {
        let scale = Double(Self.steps - 1)
        gainTable.withUnsafeBufferPointer { table in
            for x in 0..<columnHalfSquares.count {
                gains[x] = table[min(Int((columnHalfSquares[x] + rowHalfSquare) * scale), Self.steps - 1)]
            }
        }
    }
}
