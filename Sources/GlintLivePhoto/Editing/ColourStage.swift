import GlintMedia

/// The colour change of an edit for one picture (the still, or every frame of the movie):
/// the recipe's pointwise operations and any colour-space conversion baked into one
/// ``RGBLookupCube``, which applies the ``RadialVignette`` in the same pass.
///
/// Immutable and `Sendable`; ``apply(to:)`` may run on many frames at once.
public struct ColourStage: Sendable {
    /// The space of the pictures' code values.
    public let source: ColourSpace
    /// The space the result is written in.
    public let output: ColourSpace
    /// The pointwise change and conversion.
    public let cube: RGBLookupCube
    /// The vignette, `nil` when there is none.
    public let vignette: RadialVignette?

    /// Whether the output is in another space than the source (so the file's colour tags change).
    public var converts: Bool { output != source }

    /// Creates a stage.
    public init(source: ColourSpace, output: ColourSpace, cube: RGBLookupCube, vignette: RadialVignette?) {
        self.source = source
        self.output = output
        self.cube = cube
        self.vignette = vignette
    }

    /// Applies the change to `image` (pixels in ``source``), in place; its pixels are then in
    /// ``output``.
    public func apply(to image: inout RGBImage) {
        cube.apply(to: &image, vignette: vignette)
    }
}
