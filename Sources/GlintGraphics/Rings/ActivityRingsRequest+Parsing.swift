extension ActivityRingsRequest {
    /// The canvas side when none is asked for: 512 px.
    public static let defaultSize = 512

    /// A request with each ring's progress given as text, as `glint rings` and the `rings.render`
    /// job take it: a fraction (`0.75`), a percentage (`75%`) or value/goal (`420/600`).
    /// - Throws: ``RingsError`` `.invalidProgress` naming the ring whose text is none of these
    ///   or whose value is refused.
    public init(
        parsingMove move: String, exercise: String, stand: String, size: Int = defaultSize, scale: Int = 1,
        shape: RingCanvasShape = .square, marginFraction: Double = RingGeometry.defaultMarginFraction
    ) throws {
        self.init(
            move: try RingProgress(parsing: move, ring: .move), exercise: try RingProgress(parsing: exercise, ring: .exercise),
            stand: try RingProgress(parsing: stand, ring: .stand), size: size, scale: scale, shape: shape,
            marginFraction: marginFraction)
    }
}
