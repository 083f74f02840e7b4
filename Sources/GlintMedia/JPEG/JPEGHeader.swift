/// What a JPEG's frame header says about the image, read without decoding any pixels.
public struct JPEGHeader: Sendable, Equatable {
    /// Width in pixels, as the frame header states it.
    public let width: Int
    /// Height in pixels, as the frame header states it.
    public let height: Int
    /// Number of colour components (1 for grayscale, 3 for YCbCr, 4 for CMYK).
    public let components: Int
    /// The colour space of the components.
    public let colourSpace: JPEGColourSpace
    /// Whether the image is progressive (several scans) rather than sequential.
    public let isProgressive: Bool

    /// Creates a header.
    /// - Parameters:
    ///   - width: Width in pixels.
    ///   - height: Height in pixels.
    ///   - components: Number of colour components.
    ///   - colourSpace: The colour space of the components.
    ///   - isProgressive: Whether the image is progressive.
    public init(width: Int, height: Int, components: Int, colourSpace: JPEGColourSpace, isProgressive: Bool) {
        self.width = width
        self.height = height
        self.components = components
        self.colourSpace = colourSpace
        self.isProgressive = isProgressive
    }

    /// The size ``JPEGDecoder/decode(_:scaleDenominator:limits:)`` produces with DCT scaling by
    /// 1/`scaleDenominator`: each side divided and rounded up, as libjpeg does.
    /// - Parameter scaleDenominator: 1, 2, 4 or 8.
    public func outputSize(scaleDenominator: Int) -> (width: Int, height: Int) {
        let denominator = max(scaleDenominator, 1)
        return ((width + denominator - 1) / denominator, (height + denominator - 1) / denominator)
    }
}
