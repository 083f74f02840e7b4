public import GlintMedia

/// Badge rectangles are whole-pixel rectangles (origin at the top-left corner), as reports and
/// JSON give them.
public typealias BadgeRect = PixelRect

extension PixelRect {
    /// The distance between two rectangles that do not overlap (0 when they touch or overlap):
    /// the gap along the axis on which they are apart.
    public func gap(to other: PixelRect) -> Int {
        let dx = max(other.x - maxX, x - other.maxX, 0)
        let dy = max(other.y - maxY, y - other.maxY, 0)
        return max(dx, dy)
    }

    /// This rectangle, given in an image of `width` x `height` displayed with `orientation`,
    /// in the stored pixels of that image.
    public func stored(orientation: Orientation, displayedWidth: Int, displayedHeight: Int) -> PixelRect {
        let rect = orientation.inverse.apply(
            Rect(x: Double(x), y: Double(y), width: Double(width), height: Double(height)),
            width: Double(displayedWidth), height: Double(displayedHeight))
        return PixelRect(x: Int(rect.x.rounded()), y: Int(rect.y.rounded()), width: Int(rect.width.rounded()), height: Int(rect.height.rounded()))
    }
}
