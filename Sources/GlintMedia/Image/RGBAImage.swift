/// An 8-bit-per-channel, interleaved RGBA image in row-major order, with straight (not
/// premultiplied) alpha, as PNG stores it.
///
/// Rows are tightly packed: row `y` starts at byte `y * width * 4`. Colour values are sRGB-encoded
/// unless the producer says otherwise; this type does not interpret them.
public struct RGBAImage: Sendable, Equatable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width * height * 4` bytes, R, G, B, A for each pixel.
    public var pixels: [UInt8]

    /// Bytes per row (always `width * 4`).
    public var bytesPerRow: Int { width * 4 }

    /// Creates an image filled with one colour (transparent black by default).
    public init(width: Int, height: Int, fill: (r: UInt8, g: UInt8, b: UInt8, a: UInt8) = (0, 0, 0, 0)) {
        precondition(width > 0 && height > 0, "image dimensions must be positive")
        self.width = width
        self.height = height
        if fill == (0, 0, 0, 0) {
            self.pixels = [UInt8](repeating: 0, count: width * height * 4)
        } else {
            var pixels = [UInt8](repeating: 0, count: width * height * 4)
            for i in stride(from: 0, to: pixels.count, by: 4) {
                pixels[i] = fill.r
                pixels[i + 1] = fill.g
                pixels[i + 2] = fill.b
                pixels[i + 3] = fill.a
            }
            self.pixels = pixels
        }
    }

    /// Wraps existing pixel bytes.
    /// - Precondition: `pixels.count == width * height * 4`.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width > 0 && height > 0, "image dimensions must be positive")
        precondition(pixels.count == width * height * 4, "pixel buffer size does not match dimensions")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// An opaque copy of an RGB image.
    public init(_ rgb: RGBImage) {
        var pixels = [UInt8](repeating: 255, count: rgb.width * rgb.height * 4)
        rgb.pixels.withUnsafeBufferPointer { src in
            pixels.withUnsafeMutableBufferPointer { dst in
                for p in 0..<(rgb.width * rgb.height) {
                    dst[p * 4] = src[p * 3]
                    dst[p * 4 + 1] = src[p * 3 + 1]
                    dst[p * 4 + 2] = src[p * 3 + 2]
                }
            }
        }
        self.init(width: rgb.width, height: rgb.height, pixels: pixels)
    }

    /// The pixel at (`x`, `y`).
    public subscript(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }

    /// The colour channels alone, dropping alpha (no compositing: use this for opaque images).
    public var rgb: RGBImage {
        var out = [UInt8](repeating: 0, count: width * height * 3)
        pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for p in 0..<(width * height) {
                    dst[p * 3] = src[p * 4]
                    dst[p * 3 + 1] = src[p * 4 + 1]
                    dst[p * 3 + 2] = src[p * 4 + 2]
                }
            }
        }
        return RGBImage(width: width, height: height, pixels: out)
    }
}
