/// Decodes JPEG data held in memory to RGB, through libjpeg-turbo.
///
/// Decoding reads the header first and checks the claimed size against ``ImageLimits`` before
/// allocating any pixel memory. Errors are ``MediaError``s naming no file; callers attach the
/// path with ``MediaError/naming(_:)``. Safe to call from any thread.
public enum JPEGDecoder {
    /// The DCT scale denominators libjpeg can decode to directly.
    public static let supportedScaleDenominators: Set<Int> = [1, 2, 4, 8]

    /// Reads the frame header (dimensions, components, progressive flag) without decoding pixels.
    /// - Parameter bytes: A complete JPEG file, or at least everything up to its first scan.
    /// - Throws: ``MediaError`` with kind `.empty`, `.corrupt`, `.truncated`, `.unsupported` or
    ///   `.tooLarge` (dimensions beyond libjpeg's 65500-pixel maximum).
    public static func readHeader(_ bytes: [UInt8]) throws -> JPEGHeader {
        try JPEGDecompression.withDecompression(of: bytes) { try $0.readHeader() }
    }

    /// Decodes a JPEG to 8-bit RGB, converting grayscale and YCbCr.
    /// - Parameters:
    ///   - bytes: A complete JPEG file.
    ///   - scaleDenominator: Decode at 1/1, 1/2, 1/4 or 1/8 size using DCT scaling (much faster
    ///     than decoding in full and resizing). Odd sizes round up.
    ///   - limits: The largest full-size image accepted; checked before any allocation.
    /// - Throws: ``MediaError``: `.empty`, `.corrupt`, `.truncated` (the file is cut off),
    ///   `.unsupported` (CMYK, 12-bit), `.tooLarge`, or `.invalidArgument` for a bad scale.
    public static func decode(
        _ bytes: [UInt8],
        scaleDenominator: Int = 1,
        limits: ImageLimits = .default
    ) throws -> RGBImage {
        try decodeReportingWarnings(bytes, scaleDenominator: scaleDenominator, limits: limits).image
    }

    /// Decodes like ``decode(_:scaleDenominator:limits:)`` and also reports the corrupt-data
    /// warnings libjpeg recovered from.
    /// - Parameters:
    ///   - bytes: A complete JPEG file.
    ///   - scaleDenominator: 1, 2, 4 or 8.
    ///   - limits: The largest full-size image accepted; checked before any allocation.
    public static func decodeReportingWarnings(
        _ bytes: [UInt8],
        scaleDenominator: Int = 1,
        limits: ImageLimits = .default
    ) throws -> DecodedJPEG {
        guard supportedScaleDenominators.contains(scaleDenominator) else {
            throw MediaError(.invalidArgument, "JPEG scale denominator must be 1, 2, 4 or 8, not \(scaleDenominator)")
        }
        return try JPEGDecompression.withDecompression(of: bytes) { decompression in
            let header = try decompression.readHeader()
            try limits.check(width: header.width, height: header.height)
            let size = try decompression.setScale(denominator: scaleDenominator)
            try limits.check(width: size.width, height: size.height)
            var warnings: (count: Int, first: String?) = (0, nil)
            let pixels = try [UInt8](unsafeUninitializedCapacity: size.width * size.height * 3) { buffer, count in
                warnings = try decompression.decodeRGB(into: buffer)
                count = buffer.count
            }
            return DecodedJPEG(
                image: RGBImage(width: size.width, height: size.height, pixels: pixels),
                warningCount: warnings.count,
                firstWarning: warnings.first
            )
        }
    }
}
