import CPNG

/// Encodes images as 8-bit PNG through libpng's simplified API.
///
/// The file carries an `sRGB` chunk (perceptual intent): callers pass sRGB-encoded pixels.
public enum PNGEncoder {
    /// Encodes an RGBA image (straight alpha) as an 8-bit RGBA PNG.
    /// - Throws: ``MediaError`` `.encodingFailed` with libpng's message.
    public static func encode(_ image: RGBAImage) throws -> [UInt8] {
        try encode(pixels: image.pixels, width: image.width, height: image.height, format: cpng_format_rgba(), channels: 4)
    }

    /// Encodes an RGB image as an 8-bit RGB PNG.
    /// - Throws: ``MediaError`` `.encodingFailed` with libpng's message.
    public static func encode(_ image: RGBImage) throws -> [UInt8] {
        try encode(pixels: image.pixels, width: image.width, height: image.height, format: cpng_format_rgb(), channels: 3)
    }

    private static func encode(pixels: [UInt8], width: Int, height: Int, format: png_uint_32, channels: Int) throws -> [UInt8] {
        var image = png_image()
        image.version = cpng_version()
        image.width = png_uint_32(width)
        image.height = png_uint_32(height)
        image.format = format
        let stride = png_int_32(width * channels)
        // First pass asks for the size; the second writes into a buffer of that size.
        var size: png_alloc_size_t = 0
        let sized = pixels.withUnsafeBytes { src in
            png_image_write_to_memory(&image, nil, &size, 0, src.baseAddress, stride, nil)
        }
        guard sized != 0, size > 0 else { throw failure(&image) }
        var out = [UInt8](repeating: 0, count: Int(size))
        let written = pixels.withUnsafeBytes { src in
            out.withUnsafeMutableBytes { dst in
                png_image_write_to_memory(&image, dst.baseAddress, &size, 0, src.baseAddress, stride, nil)
            }
        }
        guard written != 0 else { throw failure(&image) }
        out.removeSubrange(Int(size)...)
        return out
    }

    private static func failure(_ image: inout png_image) -> MediaError {
        let message = withUnsafeBytes(of: image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        png_image_free(&image)
        return MediaError(.encodingFailed, "PNG encoding failed: \(message.isEmpty ? "libpng gave no reason" : message)")
    }
}
