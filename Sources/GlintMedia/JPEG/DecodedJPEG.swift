/// A decoded JPEG image together with the problems libjpeg recovered from while decoding it.
public struct DecodedJPEG: Sendable, Equatable {
    /// The decoded pixels.
    public let image: RGBImage
    /// How many corrupt-data warnings libjpeg reported (0 for a clean file). A truncated file is
    /// never a warning: it is a ``MediaError/Kind/truncated`` error.
    public let warningCount: Int
    /// The first warning's text, when there was one.
    public let firstWarning: String?

    /// Creates a result.
    /// - Parameters:
    ///   - image: The decoded pixels.
    ///   - warningCount: How many corrupt-data warnings libjpeg reported.
    ///   - firstWarning: The first warning's text, when there was one.
    public init(image: RGBImage, warningCount: Int, firstWarning: String?) {
        self.image = image
        self.warningCount = warningCount
        self.firstWarning = firstWarning
    }
}
