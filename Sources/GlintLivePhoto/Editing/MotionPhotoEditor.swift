import Foundation
import GlintMedia

/// Edits a Motion Photo as a Live Photo is edited (``LivePhotoEditor``: the recipe on the still
/// and on every frame, with the same consistency) and writes it back in its own flavour: a JPEG
/// stays a JPEG (Google Motion Photo v1: a MicroVideo JPEG comes out in that form), a HEIC stays a
/// HEIC with its video in an `mpvd` box, and the motion keeps its codec (H.264 or HEVC). A Samsung
/// trailer comes out too, rewritten for the new file (``SamsungTrailerCopy``), beside the Google
/// XMP: Samsung Gallery and Google Photos both play the result. The presentation timestamp follows the edited still time (a trim or key photo moves it).
///
/// The Motion Photo is unpacked (``MotionPhotoToLivePhoto``), edited and packed again in a hidden
/// staging folder of the output directory; the output appears atomically under the input's name.
public enum MotionPhotoEditor {
    /// What was written.
    public struct Result: Sendable, Codable, Equatable {
        /// The edited Motion Photo.
        public var path: String
        /// Its size in bytes.
        public var size: Int64
        /// How the input held its video, and how the output does.
        public var source: MotionPhoto.Source
        public var output: MotionPhoto.Source
        /// The edit of the still and the frames, as for a Live Photo (paths in the staging folder,
        /// which is gone).
        public var edit: LivePhotoEditor.Result
        /// The still's time in the motion, in microseconds.
        public var presentationTimestampUs: Int64
        /// Where the Samsung trailer the input carried was written again (its blocks kept, the
        /// video's rewritten); nil when it had none.
        public var samsungTrailer: SamsungTrailerCopy.Placement? = nil
    }

    /// Edits the Motion Photo at `path` with `recipe` into `outputDirectory`. The options' codec
    /// is replaced by the motion's own.
    /// - Throws: ``MediaError`` (`not a Motion Photo`, a broken video) or ``RecipeError``; nothing
    ///   is written then.
    public static func edit(
        path: String, recipe: EditRecipe, outputDirectory: String, options: LivePhotoEditor.Options = .init(),
        progress: (Double, String) -> Void = { _, _ in }
    ) throws -> Result {
        try recipe.validate()
        let photo = try MotionPhotoToLivePhoto.motionPhoto(at: path)
        let samsung = try SamsungTrailerCopy.read(try RandomAccessFile(path: path), primaryMime: photo.primaryMime)
        let output = try OutputPath.file(named: URL(fileURLWithPath: path).lastPathComponent, in: outputDirectory, inputs: [path])
        let staging = try ExportJob.makeStagingDirectory(in: outputDirectory)
        defer { try? FileManager.default.removeItem(atPath: staging) }
        progress(0.02, "unpacking the Motion Photo")
        let unpacked = try MotionPhotoToLivePhoto.unpack(photo, in: path, into: staging)
        var options = options
        options.encoding.codec = photo.video.codec == "hevc" ? .hevc : .h264
        let edited = try LivePhotoEditor.edit(
            stillPath: unpacked.stillPath, moviePath: unpacked.moviePath, recipe: recipe, outputDirectory: staging + "/edited",
            options: options
        ) { fraction, label in progress(0.05 + 0.85 * fraction, label) }
        progress(0.92, "packing the Motion Photo")
        let mp4 = staging + "/motion.mp4"
        try MovieToMP4.convert(try QuickTimeMovie(path: edited.moviePath), to: mp4)
        let timestamp = edited.stillImageTime.map { Int64(($0 * 1_000_000).rounded()) } ?? -1
        let written: MotionPhotoWriter.Result
        if photo.primaryMime == "image/heic" {
            let bytes = try RandomAccessFile(path: edited.stillPath).readAll()
            written = try MotionPhotoWriter.write(heifPrimary: bytes, mp4Path: mp4, presentationTimestampUs: timestamp, samsung: samsung, to: output)
        } else {
            written = try MotionPhotoWriter.write(
                primary: try JPEGStill(path: edited.stillPath).file, mp4Path: mp4, presentationTimestampUs: timestamp, samsung: samsung, to: output)
        }
        progress(1, "done")
        let form: MotionPhoto.Source = photo.primaryMime == "image/heic" ? .heifBox : samsung == nil ? .containerDirectory : .samsungTrailer
        return Result(
            path: output, size: written.size, source: photo.source, output: form, edit: edited, presentationTimestampUs: timestamp,
            samsungTrailer: samsung?.placement)
    }
}
