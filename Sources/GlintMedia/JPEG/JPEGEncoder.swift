internal import CJPEGTurbo

/// Encodes RGB images as bare JPEG files through libjpeg-turbo.
///
/// The output is SOI, quantisation and Huffman tables, frame and scan, EOI: no JFIF APP0 and no
/// other APPn or COM segments, so ``JPEGAssembler`` can splice metadata in. Huffman tables are
/// optimised for each image. Safe to call from any thread.
public enum JPEGEncoder {
    /// The JPEG quality Glint writes when none is asked for: 92. Every JPEG quality default (an
    /// edited still, an export, a Long Exposure) is this one.
    public static let defaultQuality = 92

    /// Encodes `image` as a baseline JPEG.
    /// - Parameters:
    ///   - image: The pixels to encode.
    ///   - quality: libjpeg quality, 1 (smallest) to 100 (best); ``defaultQuality`` when left out.
    ///   - subsampling: Chroma resolution; `.yuv420` matches camera output.
    /// - Returns: The bytes of a complete JPEG file without metadata segments.
    /// - Throws: ``MediaError`` with kind `.invalidArgument` for a quality outside 1...100 or an
    ///   image wider or taller than 65500 pixels, `.encodingFailed` if libjpeg fails.
    public static func encode(
        _ image: RGBImage,
        quality: Int = defaultQuality,
        subsampling: ChromaSubsampling = .yuv420
    ) throws -> [UInt8] {
        try encode(image, quality: quality, shimSubsampling: subsampling.shimValue)
    }

    /// Encodes `image` as a one-component (grey) baseline JPEG of its luma: a gain map, whose
    /// three channels are equal, keeps its values exactly before quantisation.
    public static func encodeGrey(_ image: RGBImage, quality: Int) throws -> [UInt8] {
        try encode(image, quality: quality, shimSubsampling: CJPEG_SUBSAMPLING_GREY)
    }

    private static func encode(_ image: RGBImage, quality: Int, shimSubsampling: cjpeg_subsampling) throws -> [UInt8] {
        guard (1...100).contains(quality) else {
            throw MediaError(.invalidArgument, "JPEG quality must be between 1 and 100, not \(quality)")
        }
        guard image.width <= 65_500, image.height <= 65_500 else {
            throw MediaError(.invalidArgument, "JPEG cannot hold an image of \(image.width)x\(image.height) pixels; the maximum is 65500 per side")
        }
        let messageCapacity = 256
        var message = [CChar](repeating: 0, count: messageCapacity)
        var encoded: UnsafeMutablePointer<UInt8>?
        var encodedSize = 0
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            cjpeg_encode_rgb(
                pixels.baseAddress, Int32(image.width), Int32(image.height), Int32(quality),
                shimSubsampling, &encoded, &encodedSize, &message, messageCapacity
            )
        }
        defer { cjpeg_free(encoded) }
        if let error = message.withUnsafeBufferPointer({
            LibJPEGStatus.error(for: status, message: $0.baseAddress!, failureKind: .encodingFailed)
        }) {
            throw error
        }
        guard let encoded else {
            throw MediaError(.encodingFailed, "JPEG encoder returned no data")
        }
        return Array(UnsafeBufferPointer(start: encoded, count: encodedSize))
    }
}

extension ChromaSubsampling {
    fileprivate var shimValue: cjpeg_subsampling {
        switch self {
        case .yuv420: return CJPEG_SUBSAMPLING_420
        case .yuv422: return CJPEG_SUBSAMPLING_422
        case .yuv444: return CJPEG_SUBSAMPLING_444
        }
    }
}
