import GlintMedia

/// A rectangle of whole pixels (origin at the top-left corner), as reports and JSON give it.
public struct BadgeRect: Sendable, Equatable, Codable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// One past the right-most column.
    public var maxX: Int { x + width }
    /// One past the bottom row.
    public var maxY: Int { y + height }

    /// The distance between two rectangles that do not overlap (0 when they touch or overlap):
    /// the gap along the axis on which they are apart.
    public func gap(to other: BadgeRect) -> Int {
        let dx = max(other.x - maxX, x - other.maxX, 0)
        let dy = max(other.y - maxY, y - other.maxY, 0)
        return max(dx, dy)
    }

    /// This rectangle, given in an image of `width` x `height` displayed with `orientation`,
    /// in the stored pixels of that image.
    public func stored(orientation: Orientation, displayedWidth: Int, displayedHeight: Int) -> BadgeRect {
        let rect = orientation.inverse.apply(Rect(x: Double(x), y: Double(y), width: Double(width), height: Double(height)),
                                             width: Double(displayedWidth), height: Double(displayedHeight))
        return BadgeRect(x: Int(rect.x.rounded()), y: Int(rect.y.rounded()), width: Int(rect.width.rounded()), height: Int(rect.height.rounded()))
    }

    public var description: String { "\(width)x\(height) at (\(x), \(y))" }
}
