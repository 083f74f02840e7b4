import Foundation
import GlintMedia
import GlintTestSupport
import Testing

@testable import GlintLivePhoto

/// The edit must change the still and the frames alike.
@Suite("Still and frames change alike", .suiteTimeLimit)
struct EditConsistencyTests {
    /// Mean CIEDE2000 between the still and the frame at the still time, both as displayed and at
    /// the frame's displayed size.
    static func stillToFrameDifference(still: String, movie: String) throws -> Double {
        let time = try #require(try QuickTimeMovie(path: movie).stillImageTime)
        // Compared at an eighth of the frame size: the measure is of colour, not of the few pixels
        // of parallax and motion between the camera's still and its frame.
        let full = try DisplayedPicture.movieFrame(path: movie, at: time).image
        let (width, height) = (max(16, full.width / 8), max(16, full.height / 8))
        let frame = try ImageScaler().scale(full, to: width, height: height)
        let picture = try DisplayedPicture.still(path: still, width: width, height: height)
        return ColourDifference.meanCIEDE2000(picture, frame)
    }

    /// One or two values per colour key. A strong contrast cut is left to the synthetic test: it
    /// shrinks every colour difference, including the camera's own gap between still and frame,
    /// so on this measure it would look like a change even when still and frames change alike.
    static let realRecipes: [String] = [
        #"{"exposure":0.5,"crop":{"x":0.1,"y":0.1,"width":0.8,"height":0.8}}"#,
        #"{"exposure":-0.8}"#,
        #"{"contrast":0.4}"#,
        #"{"contrast":-0.2}"#,
        #"{"exposure":1.5}"#,
        #"{"saturation":0.6}"#,
        #"{"saturation":-0.8}"#,
    ]

    @Test(.requires(.sharedFixtures), arguments: realRecipes)
    func realPairMovesByLessThanTwoDeltaE(recipeJSON: String) throws {
        let recipe = try EditRecipe.parse(json: Data(recipeJSON.utf8))
        let directory = try TemporaryDirectory("glint-livephoto")
        defer { directory.remove() }
        let before = try Self.stillToFrameDifference(still: SharedFixtures.livePhotoStill, movie: SharedFixtures.livePhotoMovie)
        let result = try LivePhotoEditor.edit(
            stillPath: SharedFixtures.livePhotoStill, moviePath: SharedFixtures.livePhotoMovie,
            recipe: recipe, outputDirectory: directory.path, options: PairFixtures.fastOptions)
        let after = try Self.stillToFrameDifference(still: result.stillPath, movie: result.moviePath)
        // The camera's own still and frame differ (about 7 here); the edit must not widen or narrow that.
        #expect(before > 2, "the real still and frame are expected to differ to begin with")
        #expect(abs(after - before) < 2, "still-to-frame difference moved from \(before) to \(after) ΔE00")
    }

    static let strongRecipe = EditRecipe(
        exposure: -1, contrast: -0.6, saturation: -0.8,
        crop: NormalizedRect(x: 0, y: 0.2, width: 0.6, height: 0.8), rotate: 180, maxDimension: 700)
    static let mixedRecipe = EditRecipe(
        exposure: 0.4, contrast: 0.2, saturation: 0.3,
        crop: NormalizedRect(x: 0.15, y: 0.1, width: 0.7, height: 0.75), rotate: 90)

    @Test(arguments: [(0, "h264", mixedRecipe), (90, "hevc", mixedRecipe), (270, "h264", strongRecipe)])
    func samePictureStaysTheSameAfterTheEdit(rotation: Int, codec: String, recipe: EditRecipe) throws {
        let directory = try TemporaryDirectory("glint-livephoto")
        defer { directory.remove() }
        let (still, movie) = try PairFixtures.synthetic(in: directory.url) {
            $0.rotation = rotation
            $0.codec = codec
        }
        let out = directory.file("out").path
        // The output is encoded with the input's codec, so both encoders are exercised.
        let options = LivePhotoEditor.Options(encoding: MovieEncoding(codec: codec, crf: 18, preset: "ultrafast"))
        let result = try LivePhotoEditor.edit(
            stillPath: still, moviePath: movie, recipe: recipe, outputDirectory: out,
            options: options)
        #expect(try QuickTimeMovie(path: result.moviePath).videoTrack?.format == (codec == "hevc" ? "hvc1" : "avc1"))
        let difference = try Self.stillToFrameDifference(still: result.stillPath, movie: result.moviePath)
        #expect(difference < 3, "edited still and edited frame differ by \(difference) ΔE00")
        // The edit did change the picture: the unedited still is far from the edited frame.
        let frame = try DisplayedPicture.movieFrame(path: result.moviePath, at: result.stillImageTime ?? 0).image
        let turned = recipe.rotate.map { $0 % 180 != 0 } ?? false
        let original = try DisplayedPicture.still(
            path: still, width: turned ? frame.height : frame.width,
            height: turned ? frame.width : frame.height)
        #expect(original.width == (turned ? frame.height : frame.width))
        let unedited = try DisplayedPicture.still(path: still, width: frame.width, height: frame.height)
        #expect(ColourDifference.meanCIEDE2000(unedited, frame, step: 2) > 5, "the edit must be visible")
    }
}
