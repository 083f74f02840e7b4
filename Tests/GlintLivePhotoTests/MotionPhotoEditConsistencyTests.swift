import Foundation
import GlintMedia
import GlintTestSupport
import Testing

@testable import GlintLivePhoto

/// A Motion Photo's edit (``MotionPhotoEditor``) changes its still and its frames alike, by the
/// measure the Live Photo edit is held to (``EditConsistencyTests``): the difference between the
/// still and the frame at the still time moves by less than 2 ΔE00.
@Suite("Motion Photo edits change the still and the frames alike", .suiteTimeLimit)
struct MotionPhotoEditConsistencyTests {
    /// The still-to-frame difference of the Motion Photo at `path`, unpacked into `directory`.
    static func difference(_ path: String, in directory: TemporaryDirectory, name: String) throws -> Double {
        let photo = try MotionPhotoToLivePhoto.motionPhoto(at: path)
        let unpacked = try MotionPhotoToLivePhoto.convert(
            photo, in: path, stillPath: directory.file(name + (photo.primaryMime == "image/heic" ? ".HEIC" : ".jpg")).path,
            moviePath: directory.file(name + ".MOV").path)
        return try EditConsistencyTests.stillToFrameDifference(still: unpacked.stillPath, movie: unpacked.moviePath)
    }

    static let cases: [(String, String)] = [
        ("motionphoto/motionphoto.heic", #"{"exposure":0.5,"crop":{"x":0.1,"y":0.1,"width":0.8,"height":0.8}}"#),
        ("google", #"{"exposure":-0.8}"#),
        ("google", #"{"saturation":0.6,"rotate":90}"#),
    ]

    @Test(.requires(.livePhotoPair, .fixture("motionphoto/motionphoto.heic")), arguments: cases)
    func stillAndFramesMoveAlike(source: String, recipeJSON: String) throws {
        let directory = try TemporaryDirectory("glint-motion-edit")
        defer { directory.remove() }
        let path: String
        if source == "google" {
            let made = try Exporter.export(
                stillPath: SharedFixtures.livePhotoStill, moviePath: SharedFixtures.livePhotoMovie, as: .motionPhoto,
                options: ExportOptions(outputDirectory: directory.file("google").path))
            path = try #require(made.files.first).path
        } else {
            path = SharedFixtures.url(source).path
        }
        let recipe = try EditRecipe.parse(json: Data(recipeJSON.utf8))
        let before = try Self.difference(path, in: directory, name: "before")
        let result = try MotionPhotoEditor.edit(path: path, recipe: recipe, outputDirectory: directory.file("edited").path, options: PairFixtures.fastOptions)
        let after = try Self.difference(result.path, in: directory, name: "after")
        #expect(abs(after - before) < 2, "\(source) \(recipeJSON): still-to-frame difference moved from \(before) to \(after) ΔE00")
        #expect(result.edit.frameCount == (try MotionPhotoToLivePhoto.motionPhoto(at: path)).video.frameCount)
    }
}
