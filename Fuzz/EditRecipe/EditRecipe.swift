import Foundation
import FuzzSupport
import GlintMedia

@testable import GlintLivePhoto

/// An edit recipe, as `glint edit` reads a recipe file and the `livephoto.edit` job its
/// `recipe` parameter: ``EditRecipe/parse(json:baseDirectory:)`` (keys, types, ranges), then
/// what the editor does with it before any picture is read: the colour adjustment
/// (``ColourPipeline``, applied to a few colours; a recipe naming a LUT stops there, as the
/// file does not exist) and the geometry (``EditGeometry``) for a still and a movie whose sizes,
/// orientation and alignment come from the end of the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEditRecipe(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    var input = FuzzedBytes(start, count)
    let width = input.integer(in: 1...ImageLimits.default.maxWidth)
    let height = input.integer(in: 1...max(1, min(ImageLimits.default.maxHeight, ImageLimits.default.maxPixelCount / width)))
    let orientation = Orientation.allCases[input.choice(Orientation.allCases.count)]
    let recipe: EditRecipe
    do {
        recipe = try EditRecipe.parse(json: Data(input.rest()), baseDirectory: "/nonexistent/recipes")
    } catch {
        precondition(error is RecipeError, "parse threw \(type(of: error)), not a RecipeError")
        FuzzUse.keep((error as? RecipeError)?.description)
        return 0
    }
    FuzzUse.use(recipe)
    FuzzUse.keep((recipe.changesColour, recipe.changesAudio))
    checkReadsBack(recipe)
    applyColour(recipe)
    layOut(recipe, width: width, height: height, orientation: orientation)
    return 0
}

/// A recipe written as JSON parses back as itself (what `glint` writes into a job's parameters).
func checkReadsBack(_ recipe: EditRecipe) {
    do {
        try recipe.validate()
        let json = try JSONEncoder().encode(recipe)
        let again = try EditRecipe.parse(json: json)
        precondition(again == recipe, "\(recipe) reads back as \(again)")
    } catch {
        preconditionFailure("a parsed recipe \(recipe) does not read back: \(error)")
    }
}

/// The colour stage's adjustment on a few working-space colours (black, white, grey, saturated,
/// out of gamut, HDR).
func applyColour(_ recipe: EditRecipe) {
    guard recipe.lut == nil else { return }
    guard let pipeline = try? ColourPipeline(recipe: recipe) else { preconditionFailure("a recipe without a LUT has a colour pipeline") }
    FuzzUse.use(pipeline)
    var colours: [Float] = [0, 0, 0, 1, 1, 1, 0.18, 0.18, 0.18, 1, 0, 0, 0, 0.5, 1, -0.1, 1.2, 0.3, 4, 6, 8]
    pipeline.adjustment.apply(toWorking: &colours)
    FuzzUse.keep(colours)
    FuzzUse.keep(pipeline.isIdentity)
    FuzzUse.keep(pipeline.outputSpace(for: .sRGB))
}

/// The geometry of the still (its own size) and of the movie (2-aligned, the still's aspect).
func layOut(_ recipe: EditRecipe, width: Int, height: Int, orientation: Orientation) {
    let still = EditGeometry(recipe: recipe, width: width, height: height, orientation: orientation)
    check(still, width: width, height: height, alignment: 1, recipe: recipe)
    FuzzUse.keep(still.enlargement)
    let movieWidth = max(2, width / 2 * 2)
    let movieHeight = max(2, height / 2 * 2)
    let movie = EditGeometry(
        recipe: recipe, width: movieWidth, height: movieHeight, orientation: orientation, alignment: 2,
        displayAspect: still.displayAspect)
    check(movie, width: movieWidth, height: movieHeight, alignment: 2, recipe: recipe)
}

/// What the editor relies on: the rectangle read lies inside the picture, every size is positive.
func check(_ geometry: EditGeometry, width: Int, height: Int, alignment: Int, recipe: EditRecipe) {
    FuzzUse.use(geometry)
    let context = "\(recipe) on \(width)x\(height), alignment \(alignment): \(geometry)"
    precondition(geometry.sourceX >= 0 && geometry.sourceY >= 0, "the source rectangle starts outside the picture: \(context)")
    precondition(geometry.sourceWidth > 0 && geometry.sourceHeight > 0, "the source rectangle is empty: \(context)")
    precondition(
        geometry.sourceX + geometry.sourceWidth <= width && geometry.sourceY + geometry.sourceHeight <= height,
        "the source rectangle ends outside the picture: \(context)")
    precondition(geometry.scaledWidth > 0 && geometry.scaledHeight > 0, "the scaled size is empty: \(context)")
    precondition(geometry.outputWidth > 0 && geometry.outputHeight > 0, "the output is empty: \(context)")
    FuzzUse.keep((geometry.displayWidth, geometry.displayHeight, geometry.displayAspect))
}
