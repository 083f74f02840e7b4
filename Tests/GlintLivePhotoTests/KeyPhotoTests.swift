import Foundation
import GlintMedia
import GlintTestSupport
import Testing

@testable import GlintLivePhoto

/// `keyPhoto`: the frame shown at a time becomes the still, edited like the still, at the still's
/// size and with the still's metadata; the movie's still time moves to that frame.
@Suite("Key photo", .suiteTimeLimit)
struct KeyPhotoTests {
    @Test(
        "the real pair's frame at 1.0 s becomes a full-size still with the still's metadata",
        .requires(.sharedFixtures, .ffprobe, .ffmpeg, .exiftool))
    func realPairKeyPhoto() throws {
        let directory = try TemporaryDirectory("glint-keyphoto")
        defer { directory.remove() }
        let recipe = EditRecipe(exposure: 0.3, keyPhoto: 0.99)
        let result = try LivePhotoEditor.edit(
            stillPath: SharedFixtures.livePhotoStill, moviePath: SharedFixtures.livePhotoMovie,
            recipe: recipe, outputDirectory: directory.path, options: PairFixtures.fastOptions)
        // The frame shown at 0.99 s is the one presented at 0.9333 s (560/600); the next starts at 1.0 s.
        let report = try #require(result.keyPhoto)
        #expect(abs(report.frameTime - 560.0 / 600) < 1e-9 && report.requestedTime == 0.99)
        #expect(report.frameWidth == 1308 && report.frameHeight == 980)
        #expect(report.width == 4032 && report.height == 3024 && report.upscaled && report.scale > 3)
        #expect(result.stillWidth == 4032 && result.stillHeight == 3024)
        #expect(abs((result.stillImageTime ?? -1) - 560.0 / 600) < 1e-9)
        #expect(abs((try QuickTimeMovie(path: result.moviePath).stillImageTime ?? -1) - 560.0 / 600) < 1e-9)
        #expect(try MovieProbe.exiftoolStillImageTimes(result.moviePath) == ["-1"])

        // The still's metadata is kept: identifier in the MakerNote, GPS, camera.
        let exiftool = try #require(ExternalTool.find("exiftool"))
        let tags = try ExternalTool.run(
            exiftool,
            [
                "-s", "-G1", "-MediaGroupUUID", "-ContentIdentifier", "-GPSLatitude", "-Model",
                "-ImageWidth", "-ImageHeight", result.stillPath,
            ])
        #expect(tags.stdoutText.contains("E905E6C6-C747-4805-942F-9904A0281F02"), "\(tags.stdoutText)")
        #expect(tags.stdoutText.contains("GPSLatitude") && tags.stdoutText.contains("iPhone"))

        // It is the frame: the edited still and the edited frame at the new still time look alike,
        // closer than the camera's own still ever was to that frame.
        let difference = try EditConsistencyTests.stillToFrameDifference(still: result.stillPath, movie: result.moviePath)
        let frame = try DisplayedPicture.movieFrame(path: result.moviePath, at: 560.0 / 600)
        let small = try ImageScaler().scale(frame.image, to: frame.image.width / 8, height: frame.image.height / 8)
        let camera = try DisplayedPicture.still(path: SharedFixtures.livePhotoStill, width: small.width, height: small.height)
        let cameraDifference = ColourDifference.meanCIEDE2000(camera, small)
        #expect(difference < 2, "key photo still differs from its frame by \(difference) ΔE00")
        #expect(difference < cameraDifference / 2, "key photo \(difference) vs camera still \(cameraDifference) ΔE00")
    }

    @Test(arguments: [0, 90])
    func generatedPairKeyPhotoIsEditedLikeTheFrames(rotation: Int) throws {
        let directory = try TemporaryDirectory("glint-keyphoto")
        defer { directory.remove() }
        let (still, movie) = try PairFixtures.synthetic(in: directory.url) { $0.rotation = rotation }
        let times = SyntheticLivePhoto.frameTimes(count: 20)
        let time = Double(times[4]) / 600 + 0.01
        let recipe = EditRecipe(
            saturation: 0.3, flip: .horizontal, straighten: 6,
            crop: NormalizedRect(x: 0.1, y: 0.1, width: 0.8, height: 0.7), keyPhoto: time)
        let result = try LivePhotoEditor.edit(
            stillPath: still, moviePath: movie, recipe: recipe,
            outputDirectory: directory.file("out").path, options: PairFixtures.fastOptions)
        let plain = try StillEditor.edit(
            try JPEGStill(path: still),
            recipe: EditRecipe(
                saturation: 0.3, flip: .horizontal, straighten: 6,
                crop: NormalizedRect(x: 0.1, y: 0.1, width: 0.8, height: 0.7)), contentIdentifier: nil)
        // The still's size and orientation, the frame's picture.
        #expect(result.stillWidth == plain.geometry.outputWidth && result.stillHeight == plain.geometry.outputHeight)
        #expect(try JPEGStill(path: result.stillPath).orientation == (Orientation(clockwiseDegrees: rotation) ?? .up))
        #expect(abs((result.stillImageTime ?? -1) - Double(times[4]) / 600) < 1e-9)
        let difference = try EditConsistencyTests.stillToFrameDifference(still: result.stillPath, movie: result.moviePath)
        #expect(difference < 3, "key photo still and its edited frame differ by \(difference) ΔE00")
        #expect(result.keyPhoto?.upscaled == true && result.keyPhoto?.filter == "bicubic")
    }

    /// A HEIC still (stored upright) with an HEVC movie turned by its matrix: the key photo is a
    /// HEIC at the still's size, and shows the frame.
    @Test func heicPairKeyPhoto() throws {
        let directory = try TemporaryDirectory("glint-keyphoto")
        defer { directory.remove() }
        let (still, movie) = try HEICPairEditTests.heicPair(in: directory.url) { $0.rotation = 90 }
        let time = Double(SyntheticLivePhoto.frameTimes(count: 20)[15]) / 600
        let result = try LivePhotoEditor.edit(
            stillPath: still, moviePath: movie, recipe: EditRecipe(straighten: -4, keyPhoto: time),
            outputDirectory: directory.file("out").path, options: HEICPairEditTests.options)
        let edited = try StillImageReader.read(path: result.stillPath)
        #expect(edited.format == .heic && edited.width == result.stillWidth && edited.height == result.stillHeight)
        #expect(edited.contentIdentifier == result.contentIdentifier)
        #expect(abs((result.stillImageTime ?? -1) - time) < 1e-9)
        let difference = try EditConsistencyTests.stillToFrameDifference(still: result.stillPath, movie: result.moviePath)
        #expect(difference < 3, "HEIC key photo and its frame differ by \(difference) ΔE00")
    }

    @Test(
        .requires(.sharedFixtures),
        arguments: [
            EditRecipe(keyPhoto: 1.3), EditRecipe(trim: TimeRange(start: 0.5), keyPhoto: 0.2),
            EditRecipe(trim: TimeRange(end: 0.4), keyPhoto: 0.9),
        ])
    func aKeyPhotoOutsideTheMovieFailsBeforeAnyWork(recipe: EditRecipe) throws {
        let directory = try TemporaryDirectory("glint-keyphoto")
        defer { directory.remove() }
        let out = directory.file("out").path
        let error = #expect(throws: RecipeError.self) {
            try LivePhotoEditor.edit(
                stillPath: SharedFixtures.livePhotoStill, moviePath: SharedFixtures.livePhotoMovie,
                recipe: recipe, outputDirectory: out, options: PairFixtures.fastOptions)
        }
        #expect(error?.problem.contains("keyPhoto") == true, "\(String(describing: error))")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test(.requires(.sharedFixtures))
    func keyPhotoInsideATrimIsTimedFromTheTrimsStart() throws {
        let directory = try TemporaryDirectory("glint-keyphoto")
        defer { directory.remove() }
        let result = try LivePhotoEditor.edit(
            stillPath: SharedFixtures.livePhotoStill, moviePath: SharedFixtures.livePhotoMovie,
            recipe: EditRecipe(trim: TimeRange(start: 0.5), keyPhoto: 1.0),
            outputDirectory: directory.path, options: PairFixtures.fastOptions)
        // Kept from the frame at 0.5333 s (320/600); the frame at 1.0 s (600/600) is the still.
        #expect(abs((result.stillImageTime ?? -1) - (600.0 - 320) / 600) < 1e-9)
        #expect(result.keyPhoto?.frameTime == 1.0)
        #expect(!result.stillImageTimeMovedByTrim)
    }
}
