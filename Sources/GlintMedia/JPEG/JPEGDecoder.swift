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

    /// Decodes only `region` of the picture (in the coordinates of the output scaled by
    /// 1/`scaleDenominator`): rows outside it are not reconstructed and columns outside it only
    /// partly, which saves time and the memory of the whole picture. The stream is still read to
    /// its end, so a damaged file fails as ``decode(_:scaleDenominator:limits:)`` does.
    /// - Returns: The region's pixels, exactly `region.width` x `region.height`.
    /// - Throws: As ``decode(_:scaleDenominator:limits:)``, and `.invalidArgument` for a region
    ///   outside the scaled picture.
    public static func decode(
        _ bytes: [UInt8], scaleDenominator: Int = 1, region: PixelRect,
        limits: ImageLimits = .default
    ) throws -> RGBImage {
        guard supportedScaleDenominators.contains(scaleDenominator) else {
            throw MediaError(.invalidArgument, "JPEG scale denominator must be 1, 2, 4 or 8, not \(scaleDenominator)")
        }
        return try JPEGDecompression.withDecompression(of: bytes) { decompression in
            let header = try decompression.readHeader()
            try limits.check(width: header.width, height: header.height)
            let size = try decompression.setScale(denominator: scaleDenominator)
            try region.validate(within: size.width, size.height)
            // A margin of one iMCU (16 pixels at most) all round, so that the region's edge pixels
            // get the same chroma upsampling as in a whole decode.
            let margin = 16
            let x0 = max(0, region.x - margin)
            let y0 = max(0, region.y - margin)
            let x1 = min(size.width, region.x + region.width + margin)
            let y1 = min(size.height, region.y + region.height + margin)
            let decoded = PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
            let columns = try decompression.startRegion(decoded)
            let pixels = try [UInt8](unsafeUninitializedCapacity: columns.width * decoded.height * 3) { buffer, count in
                _ = try decompression.decodeRegion(into: buffer)
                count = buffer.count
            }
            var image = RGBImage(width: columns.width, height: decoded.height, pixels: pixels)
            try image.crop(to: PixelRect(x: region.x - columns.x, y: region.y - y0, width: region.width, height: region.height))
            return image
        }
    }
}
