import CPNG

/// Encodes images as 8-bit PNG through libpng's simplified API.
///
/// The file carries an `sRGB` chunk (perceptual intent): callers pass sRGB-encoded pixels.
/// The image is compressed once, into a buffer sized for the worst case (libpng's
/// `PNG_IMAGE_PNG_SIZE_MAX` bound), rather than once to learn the size and again to write.
public enum PNGEncoder {
    /// How hard zlib works.
    public enum Compression: Sendable {
        /// libpng's defaults (adaptive filters, zlib's default level): the smallest files.
        case standard
        /// libpng's `PNG_IMAGE_FLAG_FAST`: no filtering and a fast zlib level; several times
        /// faster, larger files (little larger for images that are mostly flat colour).
        case fast
    }

    /// Encodes an RGBA image (straight alpha) as an 8-bit RGBA PNG.
    /// - Throws: ``MediaError`` `.encodingFailed` with libpng's message.
    public static func encode(_ image: RGBAImage, compression: Compression = .standard) throws -> [UInt8] {
        try encode(
            pixels: image.pixels, width: image.width, height: image.height, format: cpng_format_rgba(), channels: 4,
            compression: compression)
    }

    /// Encodes an RGB image as an 8-bit RGB PNG.
    /// - Throws: ``MediaError`` `.encodingFailed` with libpng's message.
    public static func encode(_ image: RGBImage, compression: Compression = .standard) throws -> [UInt8] {
        try encode(
            pixels: image.pixels, width: image.width, height: image.height, format: cpng_format_rgb(), channels: 3,
            compression: compression)
    }

    private static func encode(
        pixels: [UInt8], width: Int, height: Int, format: png_uint_32, channels: Int,
        compression: Compression
    ) throws -> [UInt8] {
        var image = png_image()
        image.version = cpng_version()
        image.width = png_uint_32(width)
        image.height = png_uint_32(height)
        image.format = format
        if compression == .fast { image.flags |= png_uint_32(PNG_IMAGE_FLAG_FAST) }
        let stride = png_int_32(width * channels)
        // PNG_IMAGE_PNG_SIZE_MAX, which Swift cannot import: the filtered rows, zlib's
        // deflateBound on them, one IDAT header per 8 KiB zlib buffer, and the other chunks. If
        // libpng still finds it short it says how much it needs, and the write is retried once.
        let data = (width * channels + 1) * height
        let compressed = data + (data + 7) / 8 + (data + 63) / 64 + 11
        var capacity = 8 + 25 + 16 + 44 + 12 + 12 + 12 * (compressed / 8192 + 1) + compressed + 64
        for _ in 0..<2 {
            var size = png_alloc_size_t(capacity)
            var status: Int32 = 0
            let out = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
                status = pixels.withUnsafeBytes { src in
                    png_image_write_to_memory(&image, buffer.baseAddress, &size, 0, src.baseAddress, stride, nil)
                }
                count = status != 0 ? Int(size) : 0
            }
            // Copied out so that the worst-case buffer is not kept alive with the result.
            if status != 0 { return Array(out[...]) }
            guard Int(size) > capacity else { break }
            capacity = Int(size)
        }
        throw failure(&image)
    }

    private static func failure(_ image: inout png_image) -> MediaError {
        let message = withUnsafeBytes(of: image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        png_image_free(&image)
        return MediaError(.encodingFailed, "PNG encoding failed: \(message.isEmpty ? "libpng gave no reason" : message)")
    }
}
