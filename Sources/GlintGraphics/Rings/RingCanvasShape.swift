/// The outline of the canvas the rings are drawn on.
public enum RingCanvasShape: String, Sendable, CaseIterable, Codable {
    /// An opaque black square.
    case square
    /// The square's corners rounded with a corner radius of half the side, so the canvas is a
    /// black disc and everything outside it is transparent (anti-aliased). The spec asks for
    /// rounded corners rather than a mask that could clip the rings; the outer margin guarantees
    /// that no ring pixel is ever touched by the rounding.
    case circle
}
