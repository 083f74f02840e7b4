import GlintMedia
import GlintTestSupport
import Testing

@testable import GlintLivePhoto

@Suite("Edit geometry", .suiteTimeLimit)
struct EditGeometryTests {
    @Test func noRecipeKeepsEverything() {
        let g = EditGeometry(recipe: EditRecipe(), width: 4032, height: 3024, orientation: .up)
        #expect(g.sourceX == 0 && g.sourceY == 0 && g.sourceWidth == 4032 && g.sourceHeight == 3024)
        #expect(g.outputWidth == 4032 && g.outputHeight == 3024 && g.pixelTransform == .up)
    }

    @Test func cropIsInDisplayCoordinates() {
        // Stored 3024x4032, displayed 4032x3024 after a 90 degree turn (EXIF 6).
        let crop = NormalizedRect(x: 0, y: 0, width: 0.5, height: 0.25)
        let g = EditGeometry(recipe: EditRecipe(crop: crop), width: 3024, height: 4032, orientation: .right)
        // The displayed top-left quarter-width strip is the stored left column band, bottom part.
        #expect(g.sourceWidth == 756 && g.sourceHeight == 2016)
        #expect(g.sourceX == 0 && g.sourceY == 2016)
        #expect(g.displayWidth == 2016 && g.displayHeight == 756)
        #expect(g.outputOrientation == .right)
    }

    @Test func rotationTurnsTheDisplayedPicture() {
        let g = EditGeometry(recipe: EditRecipe(rotate: 90), width: 4032, height: 3024, orientation: .up)
        #expect(g.displayWidth == 3024 && g.displayHeight == 4032)
        #expect(g.pixelTransform == .right)
        let h = EditGeometry(recipe: EditRecipe(rotate: 90), width: 3024, height: 4032, orientation: .right)
        #expect(h.displayWidth == 3024 && h.displayHeight == 4032)
    }

    @Test func maxDimensionBoundsTheLongSide() {
        let g = EditGeometry(recipe: EditRecipe(maxDimension: 1000), width: 4032, height: 3024, orientation: .up)
        #expect(g.outputWidth == 1000 && g.outputHeight == 750)
    }

    @Test func movieMatchesTheStillsAspect() {
        let recipe = EditRecipe(crop: NormalizedRect(x: 0.1, y: 0.1, width: 0.8, height: 0.8))
        let still = EditGeometry(recipe: recipe, width: 4032, height: 3024, orientation: .up)
        let movie = EditGeometry(
            recipe: recipe, width: 1440, height: 1080, orientation: .up,
            region: Rect(x: 66, y: 50, width: 1308, height: 980), alignment: 2, displayAspect: still.displayAspect)
        #expect(movie.outputWidth % 2 == 0 && movie.outputHeight % 2 == 0 && movie.sourceX % 2 == 0)
        #expect(abs(movie.displayAspect / still.displayAspect - 1) < 0.001)
        #expect(movie.sourceX >= 66 && movie.sourceX + movie.sourceWidth <= 66 + 1308)
    }

    @Test func aWideMovieIsTrimmedNotStretchedToTheStillsShape() {
        let movie = EditGeometry(recipe: EditRecipe(), width: 1920, height: 1080, orientation: .up, alignment: 2, displayAspect: 4.0 / 3)
        #expect(movie.sourceHeight == 1080 && movie.sourceWidth == 1440)
        #expect(movie.outputWidth == 1440 && movie.outputHeight == 1080)
    }
}
