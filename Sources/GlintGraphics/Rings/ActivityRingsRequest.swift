/// Everything that decides a drawing of the Activity Rings: one person's three progress values and
/// the canvas. There are no colour, opacity or decoration settings: the spec forbids them.
public struct ActivityRingsRequest: Sendable, Equatable, Codable {
    /// Move progress (outer ring).
    public var move: RingProgress
    /// Exercise progress (middle ring).
    public var exercise: RingProgress
    /// Stand progress (inner ring).
    public var stand: RingProgress
    /// The canvas side in pixels, 16...8192.
    public var size: Int
    /// Pixels per point, 1, 2 or 3 (it changes the gap between rings, which the spec defines in points).
    public var scale: Int
    /// The canvas outline.
    public var shape: RingCanvasShape
    /// The outer margin per side as a fraction of the side; widened to the spec's minimum if smaller.
    public var marginFraction: Double

    /// Creates a request.
    public init(
        move: RingProgress, exercise: RingProgress, stand: RingProgress, size: Int, scale: Int = 1,
        shape: RingCanvasShape = .square, marginFraction: Double = RingGeometry.defaultMarginFraction
    ) {
        self.move = move
        self.exercise = exercise
        self.stand = stand
        self.size = size
        self.scale = scale
        self.shape = shape
        self.marginFraction = marginFraction
    }

    /// The progress of `ring`.
    public func progress(of ring: ActivityRing) -> RingProgress {
        switch ring {
        case .move: return move
        case .exercise: return exercise
        case .stand: return stand
        }
    }

    /// The geometry this request draws with, and the margin correction if one was needed.
    /// - Throws: ``RingsError`` for a size, scale or margin outside the accepted ranges.
    public func geometry() throws -> (RingGeometry, [RingCorrection]) {
        let geometry = try RingGeometry(canvasSize: size, scale: scale, marginFraction: marginFraction)
        guard geometry.marginRule != .fraction else { return (geometry, []) }
        let asked = marginFraction * Double(size)
        let why = geometry.marginRule == .gap ? "the gap between rings (the spec's minimum outer margin)" : "the \(RingGeometry.minimumMarginPixels) px minimum"
        let message = "margin \(Self.format(asked)) px (\(marginFraction) of \(size) px) widened to \(Self.format(geometry.margin)) px, \(why)"
        return (geometry, [RingCorrection(.marginWidened, message)])
    }

    static func format(_ v: Double) -> String {
        let scaled = (v * 100).rounded() / 100
        return "\(scaled)"
    }
}
