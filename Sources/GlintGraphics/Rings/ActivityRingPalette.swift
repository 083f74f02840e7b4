/// The colours of one Activity Ring, from the spec's table (sRGB).
///
/// There is deliberately no way to build a palette from caller-supplied colours: the rule
/// "never change the rings' colours" is enforced by this type having no public initialiser.
public struct ActivityRingPalette: Sendable, Equatable, Codable {
    /// The gradient's start colour, at the tail of the arc (12 o'clock).
    public let tail: RingColour
    /// The gradient's end colour, always at the head of the arc.
    public let head: RingColour
    /// The ring's label/value colour in the Activity app.
    public let label: RingColour
    /// The dim track under the arc: the label colour at ``trackOpacity`` over black.
    ///
    /// The spec says "ring colour at 15% over black" without naming which of the ring's three
    /// colours; the label colour is the ring's single identifying colour, so it is the one used.
    public let track: RingColour

    /// The opacity of the track colour over black.
    public static let trackOpacity = 0.15

    private init(tail: UInt32, head: UInt32, label: UInt32) {
        self.tail = RingColour(hex: tail)
        self.head = RingColour(hex: head)
        self.label = RingColour(hex: label)
        self.track = self.label.overBlack(opacity: Self.trackOpacity)
    }

    /// Move: #E10014 to #FF3287, label #FA114F.
    public static let move = ActivityRingPalette(tail: 0xE10014, head: 0xFF3287, label: 0xFA114F)
    /// Exercise: #37DC00 to #B7FF00, label #A6FF00.
    public static let exercise = ActivityRingPalette(tail: 0x37DC00, head: 0xB7FF00, label: 0xA6FF00)
    /// Stand: #00BAE1 to #00FAD0, label #00FFF6.
    public static let stand = ActivityRingPalette(tail: 0x00BAE1, head: 0x00FAD0, label: 0x00FFF6)

    /// The palette of `ring`.
    public static func of(_ ring: ActivityRing) -> ActivityRingPalette {
        switch ring {
        case .move: return .move
        case .exercise: return .exercise
        case .stand: return .stand
        }
    }

    /// The gradient colour at `position` (0 tail ... 1 head), mixing the sRGB-encoded channels
    /// linearly, unrounded (0...255).
    public func gradient(at position: Double) -> SIMD3<Double> {
        let t = min(max(position, 0), 1)
        let a = SIMD3<Double>(Double(tail.red), Double(tail.green), Double(tail.blue))
        let b = SIMD3<Double>(Double(head.red), Double(head.green), Double(head.blue))
        return a + (b - a) * t
    }
}
