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
    /// The gain for each of ``steps`` steps of `d²`.
    let gainTable: [Float]

    /// Creates a vignette.
    public init(amount: Double) {
        self.amount = amount
        gainTable = (0..<Self.steps).map { step in
            let d = (Double(step) / Double(Self.steps - 1)).squareRoot()
            return Float(pow(2, -Self.cornerStops * amount * Self.weight(distance: d)))
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

    /// For each of `count` pixels across a dimension, half its squared normalised coordinate
    /// (`u² / 2`) in steps of the gain table, so that a pixel's step is its column's plus its
    /// row's (to within one step of 4096).
    static func steps(across count: Int) -> [Int32] {
        (0..<count).map { i in
            let u = (Double(i) + 0.5) / Double(count) * 2 - 1
            return Int32((u * u / 2 * Double(steps - 1)).rounded())
        }
    }

    /// Fills `gains` with the gain of each pixel of a row, given the row's step and the
    /// columns' steps (``steps(across:)``).
    func rowGains(rowStep: Int32, columnSteps: UnsafeBufferPointer<Int32>, into gains: UnsafeMutablePointer<Float>) {
        gainTable.withUnsafeBufferPointer { table in
            for x in 0..<columnSteps.count {
                gains[x] = table[min(Int(columnSteps[x] &+ rowStep), Self.steps - 1)]
            }
        }
    }
}
