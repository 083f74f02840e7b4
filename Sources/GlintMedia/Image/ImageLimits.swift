/// The largest image a decoder will accept, checked against a file's header before any pixel
/// memory is allocated.
///
/// A hostile or corrupt header can claim any size (a JPEG can say 65535 x 65535); decoders refuse
/// such images with ``MediaError/Kind/tooLarge`` instead of trying to allocate for them.
public struct ImageLimits: Sendable, Equatable {
    /// The widest image accepted, in pixels.
    public var maxWidth: Int
    /// The tallest image accepted, in pixels.
    public var maxHeight: Int
    /// The most pixels (width x height) accepted.
    public var maxPixelCount: Int

    /// 65500 pixels per side and 200 megapixels.
    public static let `default` = ImageLimits(maxWidth: 65_500, maxHeight: 65_500, maxPixelCount: 200_000_000)

    /// Creates limits.
    /// - Parameters:
    ///   - maxWidth: The widest image accepted, in pixels.
    ///   - maxHeight: The tallest image accepted, in pixels.
    ///   - maxPixelCount: The most pixels (width x height) accepted.
    public init(maxWidth: Int, maxHeight: Int, maxPixelCount: Int) {
        self.maxWidth = maxWidth
        self.maxHeight = maxHeight
        self.maxPixelCount = maxPixelCount
    }

    /// Throws ``MediaError/Kind/tooLarge`` unless an image of `width` x `height` is within these
    /// limits, or ``MediaError/Kind/corrupt`` when a dimension is not positive.
    /// - Parameters:
    ///   - width: The width the file claims, in pixels.
    ///   - height: The height the file claims, in pixels.
    public func check(width: Int, height: Int) throws {
        guard width > 0, height > 0 else {
            throw MediaError(.corrupt, "image claims dimensions \(width)x\(height)")
        }
        let (pixelCount, overflow) = width.multipliedReportingOverflow(by: height)
        guard width <= maxWidth, height <= maxHeight, !overflow, pixelCount <= maxPixelCount else {
            throw MediaError(
                .tooLarge,
                "image is \(width)x\(height) pixels; the limit is \(maxWidth)x\(maxHeight) and \(maxPixelCount) pixels in all"
            )
        }
    }
}
