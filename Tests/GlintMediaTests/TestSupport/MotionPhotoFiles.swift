import Foundation
import GlintTestSupport
import Testing

@testable import GlintMedia

/// The Motion Photo fixtures in ../shared/fixtures/motionphoto and Motion Photos made from the
/// real Live Photo pair for these tests.
enum MotionPhotoFiles {
    static let heic = "motionphoto/motionphoto.heic"
    static let broken = "motionphoto/google_motion_photo_broken.jpg"
    static let ultraHDR = "motionphoto/pixel_8.jpg"
    static let plain = "motionphoto/normalphoto.jpg"
    static var available: Bool { [heic, broken, ultraHDR, plain].allSatisfy(SharedFixtures.contains) }

    /// The real pair's movie as an MP4 in `directory`.
    static func realMP4(in directory: TemporaryDirectory) throws -> String {
        let path = directory.file("IMG_train.mp4").path
        try MovieToMP4.convert(try QuickTimeMovie(path: SharedFixtures.livePhotoMovie), to: path)
        return path
    }

    /// A Motion Photo of the real pair (still time 0.48 s) in `directory`.
    static func realMotionPhoto(in directory: TemporaryDirectory, removeLocation: Bool = false) throws -> (
        path: String, result: MotionPhotoWriter.Result, mp4: String
    ) {
        let mp4 = try realMP4(in: directory)
        let still = try JPEGStill(path: SharedFixtures.livePhotoStill)
        let path = directory.file("IMG_train.MP.jpg").path
        let result = try MotionPhotoWriter.write(
            primary: still.file, mp4Path: mp4, presentationTimestampUs: 480_000,
            removeLocation: removeLocation, to: path)
        return (path, result, mp4)
    }

    /// `bytes` of a small plain JPEG (no metadata).
    static func smallJPEG() throws -> [UInt8] {
        try JPEGEncoder.encode(JPEGTestImages.colorful(width: 64, height: 48), quality: 85)
    }
}

extension Requirement {
    /// The four files of ../shared/fixtures/motionphoto (``MotionPhotoFiles``).
    static let motionPhotoFixtures = Requirement(
        "the Motion Photo fixtures (\(SharedFixtures.relativeToPackageRoot)/motionphoto)", remedy: "the shared fixtures folder beside the checkout"
    ) { MotionPhotoFiles.available }
}
