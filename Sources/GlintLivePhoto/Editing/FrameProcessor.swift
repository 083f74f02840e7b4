import GlintMedia

/// The one pixel pipeline of an edit, applied to the still and to every movie frame alike.
///
/// A driver (``StillEditor``, ``MovieEditor``) reads the source rectangle of its own pixels at the
/// scaled size its ``EditGeometry`` gives; the processor then turns the pixels and changes their
/// colour. Geometry and colour spaces differ per picture (sizes, orientations, clean apertures,
/// ICC profiles and video tags); the operations and their parameters do not.
public struct FrameProcessor: Sendable {
    /// Where to read and how to turn, for this picture.
    public let geometry: EditGeometry
    /// The colour change for this picture's colour space, `nil` when colours are kept.
    public let colour: ColourStage?

    /// Creates the processor for one picture of an edit.
    /// - Parameters:
    ///   - geometry: The geometry for this picture.
    ///   - colour: The colour stage for this picture's source space
    ///     (``ColourPipeline/stage(for:)``), or `nil` for none.
    public init(geometry: EditGeometry, colour: ColourStage?) {
        self.geometry = geometry
        self.colour = colour
    }

    /// The source rectangle as pixels.
    public var sourceRect: PixelRect {
        PixelRect(x: geometry.sourceX, y: geometry.sourceY, width: geometry.sourceWidth, height: geometry.sourceHeight)
    }

    /// Turns and colours pixels already cropped and scaled to the geometry's scaled size.
    /// Safe to call from several tasks at once.
    public func process(_ scaled: consuming RGBImage) -> RGBImage {
        precondition(
            scaled.width == geometry.scaledWidth && scaled.height == geometry.scaledHeight,
            "the driver must deliver pixels at the scaled size")
        var image = consume scaled
        if geometry.warp != nil || geometry.pixelTransform != .up { image = geometry.apply(to: image) }
        colour?.apply(to: &image)
        return image
    }

    // What drivers that edit movie frames on their YUV planes (``MovieFrameEditor``) need: the
    // colour change alone, and whether it may be baked into a ``YUVColourTable``.

    /// Whether every step after the crop and scale is the turn or a pointwise colour change
    /// (each pixel's new value depends only on its old value, not on where it is), so that
    /// frames may be edited as crop, scale, table and turn on their YUV planes. A straighten
    /// (``EditGeometry/warp``) resamples pixels and a vignette depends on where a pixel is, so
    /// either is done on RGB.
    public var isPointwise: Bool { geometry.warp == nil && colour?.vignette == nil }

    /// Whether the colour of pixels changes at all.
    public var changesColour: Bool { colour != nil }

    /// Applies the colour change alone (no turn) to `image`, in place.
    public func applyColour(to image: inout RGBImage) {
        colour?.apply(to: &image)
    }
}
