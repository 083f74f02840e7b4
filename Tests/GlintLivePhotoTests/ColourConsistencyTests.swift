import Foundation
import GlintMedia
import GlintTestSupport
import Testing

@testable import GlintLivePhoto

/// Every colour key must change the still and the frames alike, whatever their colour spaces.
@Suite("Colour keys change still and frames alike", .suiteTimeLimit)
struct ColourConsistencyTests {
    /// One recipe per colour key (a LUT recipe names the film-look `.cube`, written per test).
    static let keyRecipes: [String] = [
        #"{"exposure":0.8}"#,
        #"{"contrast":0.4}"#,
        #"{"brightness":0.6}"#,
        #"{"highlights":-0.8}"#,
        #"{"shadows":0.8}"#,
        #"{"saturation":0.7}"#,
        #"{"vibrance":0.8}"#,
        #"{"warmth":0.7}"#,
        #"{"tint":-0.7}"#,
        #"{"vignette":0.8}"#,
        #"{"lut":"film.cube"}"#,
        #"{"lut":"film.cube","lutIntensity":0.5}"#,
        #"{"outputColorSpace":"srgb"}"#,
        #"{"outputColorSpace":"display-p3"}"#,
    ]

    /// Parses `json`, resolving the LUT against `directory` after writing the film look there.
    static func recipe(_ json: String, in directory: URL) throws -> EditRecipe {
        if json.contains(".cube") {
            try ColourFixtures.writeCube(to: directory.appendingPathComponent("film.cube"), ColourFixtures.filmLook)
        }
        return try EditRecipe.parse(json: Data(json.utf8), baseDirectory: directory.path)
    }

    @Test(.requires(.sharedFixtures), arguments: keyRecipes)
    func realPairMovesByLessThanTwoDeltaE(recipeJSON: String) throws {
        let directory = try TemporaryDirectory("glint-colour")
        defer { directory.remove() }
        // Bounded still size keeps the debug build quick; the measure compares at frame size anyway.
        let json = String(recipeJSON.dropLast()) + #","maxDimension":1600}"#
        let recipe = try Self.recipe(json, in: directory.url)
        let before = try EditConsistencyTests.stillToFrameDifference(
            still: SharedFixtures.livePhotoStill,
            movie: SharedFixtures.livePhotoMovie)
        let result = try LivePhotoEditor.edit(
            stillPath: SharedFixtures.livePhotoStill, moviePath: SharedFixtures.livePhotoMovie,
            recipe: recipe, outputDirectory: directory.file("out").path,
            options: PairFixtures.fastOptions)
        let after = try EditConsistencyTests.stillToFrameDifference(still: result.stillPath, movie: result.moviePath)
        #expect(abs(after - before) < 2, "\(recipeJSON): still-to-frame difference moved from \(before) to \(after) ΔE00")
    }

    /// Colour-space pairings of generated pairs (still, movie) whose still and frames are the same picture.
    static let spaces: [(SyntheticColourSpace, SyntheticColourSpace)] = [
        (.sRGB, .sRGB), (.displayP3, .displayP3), (.displayP3, .sRGB),
    ]

    @Test(arguments: spaces.flatMap { pair in keyRecipes.map { (pair.0, pair.1, $0) } })
    func samePictureStaysTheSame(stillSpace: SyntheticColourSpace, movieSpace: SyntheticColourSpace, recipeJSON: String) throws {
        let directory = try TemporaryDirectory("glint-colour")
        defer { directory.remove() }
        let (still, movie) = try PairFixtures.synthetic(in: directory.url) {
            $0.stillColourSpace = stillSpace
            $0.movieColourSpace = movieSpace
            $0.frameCount = 12
            $0.stillFrameIndex = 6
        }
        let recipe = try Self.recipe(recipeJSON, in: directory.url)
        let before = try ColourFixtures.stillToFrameDifference(still: still, movie: movie)
        let result = try LivePhotoEditor.edit(
            stillPath: still, moviePath: movie, recipe: recipe,
            outputDirectory: directory.file("out").path, options: PairFixtures.fastOptions)
        let after = try ColourFixtures.stillToFrameDifference(still: result.stillPath, movie: result.moviePath)
        #expect(before < 3, "the generated still and frame should match before the edit: \(before) ΔE00")
        #expect(after < 3, "\(recipeJSON) on \(stillSpace.rawValue) + \(movieSpace.rawValue): edited still and frame differ by \(after) ΔE00")

        // The key did something (output spaces only re-encode the same colours, so they are exempt).
        guard !recipeJSON.contains("outputColorSpace") else { return }
        let time = result.stillImageTime ?? 0
        let edited = try DisplayedPicture.movieFrame(path: result.moviePath, at: time, width: 240, height: 180).image
        let original = try DisplayedPicture.movieFrame(path: movie, at: time, width: 240, height: 180).image
        let change = try ColourDifference.meanCIEDE2000(
            original, in: ColourFixtures.movieSpace(movie),
            edited, in: ColourFixtures.movieSpace(result.moviePath))
        #expect(change > 1.5, "\(recipeJSON) barely changed the frames: \(change) ΔE00")
    }
}
