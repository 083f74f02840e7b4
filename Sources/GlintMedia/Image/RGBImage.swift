/// An 8-bit-per-channel, interleaved RGB image in row-major order.
///
/// Rows are tightly packed: row `y` starts at byte `y * width * 3`. The values are in the image's
/// own encoding (sRGB or Display P3 transfer for stills, BT.709 for video frames); this type does
/// not interpret them.
public struct RGBImage: Sendable, Equatable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width * height * 3` bytes, R, G, B for each pixel.
    public var pixels: [UInt8]

    /// Bytes per row (always `width * 3`).
    public var bytesPerRow: Int { width * 3 }

    /// Creates a black image.
    public init(width: Int, height: Int) {
        precondition(width > 0 && height > 0, "image dimensions must be positive")
        self.width = width
        self.height = height
        self.pixels = [UInt8](repeating: 0, count: width * height * 3)
    }

    /// Wraps existing pixel bytes.
    /// - Precondition: `pixels.count == width * height * 3`.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width > 0 && height > 0, "image dimensions must be positive")
        precondition(pixels.count == width * height * 3, "pixel buffer size does not match dimensions")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The pixel at (`x`, `y`).
    public subscript(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8) {
        let i = (y * width + x) * 3
        return (pixels[i], pixels[i + 1], pixels[i + 2])
    }
}
