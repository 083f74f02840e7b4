import GlintMedia

/// The one pixel pipeline of an edit, applied to the still and to every movie frame alike.
///
/// A driver (``StillEditor``, ``MovieEditor``) reads the source rectangle of its own pixels at the
/// scaled size its ``EditGeometry`` gives; the processor then turns the pixels and adjusts their
/// tone. Geometry differs per picture (sizes, orientations, clean apertures); the operations and
/// their parameters do not.
public struct FrameProcessor: Sendable {
    /// Where to read and how to turn, for this picture.
    public let geometry: EditGeometry
    /// The tone change, identical for every picture of the edit.
    public let tone: ToneAdjustment

    /// Creates the processor for one picture of an edit.
    public init(recipe: EditRecipe, geometry: EditGeometry) {
        self.geometry = geometry
        tone = ToneAdjustment(exposure: recipe.exposure ?? 0, contrast: recipe.contrast ?? 0, saturation: recipe.saturation ?? 0)
    }

    /// The source rectangle as pixels.
    public var sourceRect: PixelRect {
        PixelRect(x: geometry.sourceX, y: geometry.sourceY, width: geometry.sourceWidth, height: geometry.sourceHeight)
    }

    /// Turns and adjusts pixels already cropped and scaled to the geometry's scaled size.
    public func process(_ scaled: RGBImage) -> RGBImage {
        precondition(scaled.width == geometry.scaledWidth && scaled.height == geometry.scaledHeight,
                     "the driver must deliver pixels at the scaled size")
        var image = geometry.apply(to: scaled)
        tone.apply(to: &image)
        return image
    }
}
