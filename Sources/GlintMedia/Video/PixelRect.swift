/// A rectangle in whole pixels, with its origin at the top-left corner of an image or frame.
///
/// Used for source crops in ``FrameConverter`` and ``ImageScaler`` and for badge rectangles. Unlike the normalised
/// ``Rect`` of the editing recipe, these values are exact pixel positions in one particular
/// image.
public struct PixelRect: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Left edge, in pixels from the left of the image.
    public var x: Int
    /// Top edge, in pixels from the top of the image.
    public var y: Int
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int

    /// Creates a rectangle.
    /// - Parameters:
    ///   - x: Left edge in pixels.
    ///   - y: Top edge in pixels.
    ///   - width: Width in pixels.
    ///   - height: Height in pixels.
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

    /// This rectangle cut at the right and bottom edges of a `width` x `height` image.
    public func clipped(toWidth width: Int, height: Int) -> PixelRect {
        PixelRect(x: x, y: y, width: min(self.width, width - x), height: min(self.height, height - y))
    }

    /// `"WxH+X+Y"`.
    public var description: String { "\(width)x\(height)+\(x)+\(y)" }

    /// Throws unless the rectangle is non-empty and lies within a `width` x `height` image.
    func validate(within width: Int, _ height: Int) throws {
        guard self.width > 0, self.height > 0, x >= 0, y >= 0,
            x + self.width <= width, y + self.height <= height
        else {
            throw MediaError(.invalidArgument, "crop \(self) does not lie within the \(width)x\(height) image")
        }
    }
}
