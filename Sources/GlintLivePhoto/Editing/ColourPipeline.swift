import GlintMedia

/// The colour part of an edit, prepared once before any picture is read or written: the
/// recipe's colour keys resolved into a ``ColourAdjustment``, the `.cube` LUT loaded and
/// checked, the output colour space chosen.
///
/// A bad LUT (missing, unreadable, 1D, wrong number of entries) is a ``RecipeError`` from
/// ``init(recipe:)``, so it stops the edit before any work. Each picture then gets its own
/// ``ColourStage`` (``stage(for:)``) for its source space; the still and the frames share the
/// adjustment, so they change alike.
public struct ColourPipeline: Sendable {
    /// The pointwise operations, in the working space.
    public let adjustment: ColourAdjustment
    /// The vignette amount, -1...1.
    public let vignette: Double
    /// Where the outputs' colours go.
    public let outputColorSpace: OutputColourSpace

    /// Resolves the recipe's colour keys and loads its LUT.
    /// - Throws: ``RecipeError`` naming `lut` and the file's problem (with the line, for a
    ///   malformed file).
    public init(recipe: EditRecipe) throws {
        var lut: CubeLUT?
        if let path = recipe.lut {
            do {
                lut = try CubeLUT(path: path)
            } catch let error as MediaError {
                let problem = error.kind == .notFound ? "no such file" : error.problem
                throw RecipeError("\"lut\" \(path): \(problem)")
            }
        }
        adjustment = ColourAdjustment(
            exposure: recipe.exposure ?? 0, contrast: recipe.contrast ?? 0, brightness: recipe.brightness ?? 0,
            highlights: recipe.highlights ?? 0, shadows: recipe.shadows ?? 0, saturation: recipe.saturation ?? 0,
            vibrance: recipe.vibrance ?? 0, warmth: recipe.warmth ?? 0, tint: recipe.tint ?? 0,
            lut: lut, lutIntensity: recipe.lutIntensity ?? 1)
        vignette = recipe.vignette ?? 0
        outputColorSpace = recipe.outputColorSpace ?? .source
    }

    /// Whether no picture changes colour (so no profile even needs to be read).
    public var isIdentity: Bool { adjustment.isIdentity && vignette == 0 && outputColorSpace == .source }

    /// The space a picture in `source` is written in: `source` itself unless the recipe asks for
    /// sRGB or Display P3 (for video, with the source's transfer curve, whose tag is kept).
    public func outputSpace(for source: ColourSpace) -> ColourSpace {
        let transfer = source.transfer ?? .srgb
        switch outputColorSpace {
        case .source: return source
        case .srgb: return transfer == .srgb ? .sRGB : ColourSpace(primaries: .bt709, transfer: transfer, name: "sRGB primaries")
        case .displayP3:
            return transfer == .srgb ? .displayP3 : ColourSpace(primaries: .displayP3, transfer: transfer, name: "Display P3 primaries")
        }
    }

    /// The stage for pictures in `source`; `nil` when they do not change.
    /// - Throws: ``MediaError`` when LittleCMS cannot convert between the spaces.
    public func stage(for source: ColourSpace) throws -> ColourStage? {
        try stage(for: source, output: outputSpace(for: source))
    }

    /// The stage for pictures in `source` written into `output` (a key photo: a movie frame that
    /// becomes the still, in the still's space); `nil` when they do not change.
    /// - Throws: ``MediaError`` when LittleCMS cannot convert between the spaces.
    public func stage(for source: ColourSpace, output: ColourSpace) throws -> ColourStage? {
        guard !adjustment.isIdentity || output != source || vignette != 0 else { return nil }
        return ColourStage(
            source: source, output: output,
            cube: try RGBLookupCube(source: source, output: output, adjustment: adjustment),
            vignette: vignette == 0 ? nil : RadialVignette(amount: vignette))
    }
}
