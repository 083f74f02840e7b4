import CPNG

/// Decodes PNG images of any colour type and bit depth to 8-bit RGBA through libpng's
/// simplified API (16-bit samples are reduced, palettes and grey expanded, gamma handled).
public enum PNGDecoder {
    /// Decodes `bytes` to straight-alpha 8-bit RGBA.
    /// - Parameters:
    ///   - bytes: The whole PNG file.
    ///   - file: The path, for error messages.
    ///   - limits: Dimensions beyond these are refused before any pixel memory is allocated.
    /// - Throws: ``MediaError``: `.empty`, `.unsupported` (not a PNG), `.corrupt` (a zero size
    ///   or damaged data), `.truncated`, `.tooLarge`.
    public static func decode(_ bytes: [UInt8], file: String? = nil, limits: ImageLimits = .default) throws -> RGBAImage {
        guard !bytes.isEmpty else { throw MediaError(.empty, file: file, "the PNG file is empty") }
        let header = try PNGHeader(Array(bytes.prefix(29)))
        try limits.check(width: header.width, height: header.height)
        var image = png_image()
        image.version = cpng_version()
        let began = bytes.withUnsafeBytes { png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count) }
        guard began != 0 else { throw failure(&image, file: file) }
        defer { png_image_free(&image) }
        image.format = cpng_format_rgba()
        let width = Int(image.width)
        let height = Int(image.height)
        guard width > 0, height > 0 else { throw MediaError(.corrupt, file: file, "the PNG declares a \(width)x\(height) image") }
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let finished = pixels.withUnsafeMutableBytes {
            png_image_finish_read(&image, nil, $0.baseAddress, png_int_32(width * 4), nil)
        }
        guard finished != 0 else { throw failure(&image, file: file) }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    private static func failure(_ image: inout png_image, file: String?) -> MediaError {
        let message = withUnsafeBytes(of: image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        png_image_free(&image)
        let kind: MediaError.Kind = message.contains("truncat") || message.contains("Not enough") || message.contains("EOF") ? .truncated : .corrupt
        return MediaError(kind, file: file, "the PNG cannot be decoded: \(message.isEmpty ? "libpng gave no reason" : message)")
    }
}
