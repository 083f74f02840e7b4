import CFFmpeg

/// Crops and resizes RGB still images with libswscale.
///
/// Shrinking averages the source pixels each output pixel covers (area filter), so a flat
/// colour stays exactly that colour; enlarging uses Lanczos. Full-size iPhone stills
/// (12 megapixels) are fine. swscale contexts are cached per configuration.
///
/// Not thread-safe and not `Sendable`: give each task its own scaler.
public final class ImageScaler {
    private let cache = SwsContextCache()

    /// Creates a scaler.
    public init() {}

    /// Crops `image` to `crop` and resizes the result to `width` x `height`.
    /// - Parameters:
    ///   - image: The source image.
    ///   - crop: The source rectangle in pixels, or `nil` for the whole image.
    ///   - width: Output width in pixels.
    ///   - height: Output height in pixels.
    /// - Returns: The scaled image.
    /// - Throws: ``MediaError`` (`.invalidArgument`) for a crop outside the image or a
    ///   non-positive size.
    public func scale(_ image: RGBImage, crop: PixelRect? = nil, to width: Int, height: Int) throws -> RGBImage {
        guard width > 0, height > 0 else {
            throw MediaError(.invalidArgument, "output size \(width)x\(height) is not positive")
        }
        try MediaLibraries.requireFFmpeg()
        let rect = crop ?? PixelRect(x: 0, y: 0, width: image.width, height: image.height)
        try rect.validate(within: image.width, image.height)
        if rect.width == width, rect.height == height {
            return Self.copy(image, rect)
        }
        let key = SwsContextCache.Key(
            sourceWidth: rect.width, sourceHeight: rect.height, sourceFormat: AV_PIX_FMT_RGB24.rawValue,
            destinationWidth: width, destinationHeight: height, destinationFormat: AV_PIX_FMT_RGB24.rawValue,
            flags: SwsScale.flags(sourceWidth: rect.width, sourceHeight: rect.height, width: width, height: height)
        )
        let context = try cache.context(for: key)
        let output = try AVFrameBox(width: width, height: height, format: AV_PIX_FMT_RGB24)
        try image.pixels.withUnsafeBufferPointer { pixels in
            try SwsScale.run(
                context, packed: pixels.baseAddress! + rect.y * image.bytesPerRow + rect.x * 3,
                stride: image.bytesPerRow, rowBytes: rect.width * 3, rows: rect.height, destination: output.frame)
        }
        return output.rgbImage()
    }

    /// A plain crop, without resampling.
    private static func copy(_ image: RGBImage, _ rect: PixelRect) -> RGBImage {
        if rect.x == 0, rect.y == 0, rect.width == image.width, rect.height == image.height { return image }
        var pixels = [UInt8]()
        pixels.reserveCapacity(rect.width * rect.height * 3)
        for row in rect.y..<(rect.y + rect.height) {
            let start = (row * image.width + rect.x) * 3
            pixels.append(contentsOf: image.pixels[start..<(start + rect.width * 3)])
        }
        return RGBImage(width: rect.width, height: rect.height, pixels: pixels)
    }
}
