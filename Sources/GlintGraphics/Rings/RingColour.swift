/// An opaque sRGB colour, 8 bits per channel, as the spec's hex values give it.
///
/// All blending in the ring renderer happens on these sRGB-encoded values (as cairo and Core
/// Graphics do by default): a gradient mixes the encoded channels linearly, and a track at 15% is
/// the encoded value times 0.15.
public struct RingColour: Sendable, Equatable, Hashable, Codable, CustomStringConvertible {
    /// Red, 0...255 (sRGB-encoded).
    public var red: UInt8
    /// Green, 0...255 (sRGB-encoded).
    public var green: UInt8
    /// Blue, 0...255 (sRGB-encoded).
    public var blue: UInt8

    /// Creates a colour from its channels.
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Creates a colour from `0xRRGGBB`.
    public init(hex: UInt32) {
        self.init(red: UInt8((hex >> 16) & 0xFF), green: UInt8((hex >> 8) & 0xFF), blue: UInt8(hex & 0xFF))
    }

    /// `#RRGGBB`.
    public var description: String {
        "#" + [red, green, blue].map { ($0 < 16 ? "0" : "") + String($0, radix: 16, uppercase: true) }.joined()
    }

    /// The channels as floating-point values in 0...255.
    var channels: SIMD3<Float> { SIMD3(Float(red), Float(green), Float(blue)) }

    /// This colour at `opacity` over black, in sRGB-encoded values, rounded to the nearest level.
    public func overBlack(opacity: Double) -> RingColour {
        func scaled(_ v: UInt8) -> UInt8 { UInt8((Double(v) * opacity).rounded()) }
        return RingColour(red: scaled(red), green: scaled(green), blue: scaled(blue))
    }
}
