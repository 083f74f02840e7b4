/// One of the eight ways to map stored pixels onto the display: the EXIF orientation values,
/// which are exactly the symmetries of a rectangle (rotations by multiples of 90 degrees,
/// optionally preceded by a horizontal mirror).
///
/// The raw value is the EXIF `Orientation` tag. An orientation is a transform *from stored pixels
/// to displayed pixels*; ``inverse`` maps displayed coordinates back to stored ones.
public enum Orientation: UInt16, Sendable, Codable, CaseIterable {
    /// Stored pixels are displayed as they are.
    case up = 1
    /// Mirrored left to right.
    case upMirrored = 2
    /// Rotated 180 degrees.
    case down = 3
    /// Mirrored top to bottom.
    case downMirrored = 4
    /// Mirrored along the top-left to bottom-right diagonal.
    case leftMirrored = 5
    /// Rotated 90 degrees clockwise for display.
    case right = 6
    /// Mirrored along the top-right to bottom-left diagonal.
    case rightMirrored = 7
    /// Rotated 90 degrees counter-clockwise (270 clockwise) for display.
    case left = 8

    /// The transform as (mirror first, then clockwise quarter turns).
    var components: (mirrored: Bool, quarterTurns: Int) {
        switch self {
        case .up: return (false, 0)
        case .right: return (false, 1)
        case .down: return (false, 2)
        case .left: return (false, 3)
        case .upMirrored: return (true, 0)
        case .leftMirrored: return (true, 1)
        case .downMirrored: return (true, 2)
        case .rightMirrored: return (true, 3)
        }
    }

    init(mirrored: Bool, quarterTurns: Int) {
        let turns = ((quarterTurns % 4) + 4) % 4
        switch (mirrored, turns) {
        case (false, 0): self = .up
        case (false, 1): self = .right
        case (false, 2): self = .down
        case (false, 3): self = .left
        case (true, 0): self = .upMirrored
        case (true, 1): self = .leftMirrored
        case (true, 2): self = .downMirrored
        default: self = .rightMirrored
        }
    }

    /// A clockwise rotation by `degrees` (a multiple of 90, any sign).
    /// Returns `nil` when `degrees` is not a multiple of 90.
    public init?(clockwiseDegrees degrees: Int) {
        guard degrees % 90 == 0 else { return nil }
        self.init(mirrored: false, quarterTurns: degrees / 90)
    }

    /// Clockwise rotation in degrees (0, 90, 180 or 270), ignoring any mirror.
    public var clockwiseDegrees: Int { components.quarterTurns * 90 }

    /// Whether the transform includes a mirror.
    public var isMirrored: Bool { components.mirrored }

    /// Whether width and height swap between stored and displayed pixels.
    public var swapsDimensions: Bool { components.quarterTurns % 2 == 1 }

    /// The transform that applies `self` first and then `next`.
    public func followed(by next: Orientation) -> Orientation {
        // Transforms are M^m R^t; R M = M R^-1, so (M^a R^b)(then)(M^c R^d) = M^(a^c) R^(b*(c ? -1 : 1) + d).
        let (a, b) = components
        let (c, d) = next.components
        return Orientation(mirrored: a != c, quarterTurns: (c ? -b : b) + d)
    }

    /// The transform that undoes `self`.
    public var inverse: Orientation {
        let (m, t) = components
        return m ? self : Orientation(mirrored: false, quarterTurns: -t)
    }

    /// The displayed size of an image of stored size (`width`, `height`).
    public func displaySize(width: Int, height: Int) -> (width: Int, height: Int) {
        swapsDimensions ? (height, width) : (width, height)
    }

    /// Maps a point in stored coordinates of an image `width` x `height` (continuous, origin at the
    /// top-left corner) to displayed coordinates.
    public func apply(x: Double, y: Double, width: Double, height: Double) -> (x: Double, y: Double) {
        var (px, py, w, h) = (x, y, width, height)
        let (mirrored, turns) = components
        if mirrored { px = w - px }
        for _ in 0..<turns {
            // One clockwise quarter turn: (x, y) -> (h - y, x), and the frame becomes h x w.
            (px, py) = (h - py, px)
            (w, h) = (h, w)
        }
        return (px, py)
    }

    /// Maps a rectangle in stored coordinates to displayed coordinates.
    public func apply(_ rect: Rect, width: Double, height: Double) -> Rect {
        let p = apply(x: rect.x, y: rect.y, width: width, height: height)
        let q = apply(x: rect.x + rect.width, y: rect.y + rect.height, width: width, height: height)
        return Rect(x: min(p.x, q.x), y: min(p.y, q.y), width: abs(q.x - p.x), height: abs(q.y - p.y))
    }
}

/// An axis-aligned rectangle in continuous coordinates.
public struct Rect: Sendable, Equatable, Codable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var description: String { "(\(x), \(y), \(width)x\(height))" }
}
