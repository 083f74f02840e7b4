import Foundation

/// Turns a Motion Photo (Google, legacy MicroVideo, Samsung JPEG or HEIC) into an Apple Live
/// Photo pair: ``MotionPhotoStill`` (the photo in its own format, with a MakerNote content
/// identifier) and ``MotionPhotoMovie`` (the embedded video's samples copied into a `.MOV` with the
/// same identifier and a still-image-time track). Nothing is re-encoded. Both files are written
/// atomically, and neither is left behind when the other fails.
public enum MotionPhotoToLivePhoto {
    /// What was written.
    public struct Result: Sendable, Equatable {
        public var stillPath: String
        public var moviePath: String
        /// The identifier both halves carry.
        public var contentIdentifier: ContentIdentifier
        /// The Motion Photo as read.
        public var motionPhoto: MotionPhoto
        /// The movie's facts (still time, frames, audio).
        public var movie: MotionPhotoMovie.Result
    }

    /// The Motion Photo in the file at `path`, its video checked up to its first frame (the
    /// samples are copied, not decoded).
    /// - Throws: ``MediaError`` naming the file: `.invalidArgument` "not a Motion Photo" for a
    ///   photo without a video; `.corrupt`/`.truncated` when its video is broken.
    public static func motionPhoto(at path: String) throws -> MotionPhoto {
        guard let photo = try MotionPhotoReader.read(path: path, depth: .firstFrame).motionPhoto else {
            throw MediaError(.invalidArgument, file: path, "not a Motion Photo: the photo carries no embedded video")
        }
        return photo
    }

    /// The Live Photo's file names for the Motion Photo at `path`: `PXL_1.MP.jpg` gives
    /// `PXL_1.jpg` and `PXL_1.MOV`, `MVIMG_2.jpg` gives `MVIMG_2.jpg` and `MVIMG_2.MOV`.
    public static func fileNames(for path: String, primaryMime: String) -> (still: String, movie: String) {
        var base = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        if base.uppercased().hasSuffix(".MP") { base = String(base.dropLast(3)) }
        if base.isEmpty { base = "motion-photo" }
        return (base + (primaryMime == "image/heic" ? ".HEIC" : ".jpg"), base + ".MOV")
    }

    /// Writes the Live Photo of `photo` (read from `path`) into `directory` under
    /// ``fileNames(for:primaryMime:)``.
    public static func unpack(_ photo: MotionPhoto, in path: String, into directory: String, identifier: ContentIdentifier? = nil) throws -> Result {
        let names = fileNames(for: path, primaryMime: photo.primaryMime)
        return try convert(photo, in: path, stillPath: directory + "/" + names.still, moviePath: directory + "/" + names.movie, identifier: identifier)
    }

    /// Writes the Live Photo of the Motion Photo at `path` to `stillPath` and `moviePath`.
    /// - Parameter identifier: The content identifier to give both halves; a fresh one when nil.
    public static func convert(_ path: String, stillPath: String, moviePath: String, identifier: ContentIdentifier? = nil) throws -> Result {
        try convert(try motionPhoto(at: path), in: path, stillPath: stillPath, moviePath: moviePath, identifier: identifier)
    }

    /// ``convert(_:stillPath:moviePath:identifier:)`` for a Motion Photo already read from `path`.
    public static func convert(
        _ photo: MotionPhoto, in path: String, stillPath: String, moviePath: String, identifier: ContentIdentifier? = nil
    ) throws -> Result {
        let identifier = identifier ?? .random()
        let still = try MotionPhotoStill.make(photo, path: path, identifier: identifier)
        let movie = try MotionPhotoMovie.write(photo, in: path, identifier: identifier, exif: still.exif, to: moviePath)
        do {
            try AtomicFileWriter.write(still.bytes, to: stillPath)
        } catch {
            try? FileManager.default.removeItem(atPath: moviePath)
            throw error
        }
        return Result(stillPath: stillPath, moviePath: moviePath, contentIdentifier: identifier, motionPhoto: photo, movie: movie)
    }
}
