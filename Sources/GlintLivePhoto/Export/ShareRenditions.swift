import Foundation
import GlintCore
import GlintMedia

/// What a page serves of a still (and of its Live Photo pair), made once so that no request does
/// media work: a thumbnail, the still at display size, and for a pair its downloads, the zipped
/// pair and a Motion Photo.
public enum ShareRenditions {
    /// The names of the renditions (the job outputs of `share.renditions`).
    public enum Name: String, CaseIterable, Sendable {
        /// JPEG, at most ``StillPreview/thumbnailLongSide`` pixels on its long side and
        /// ``StillPreview/thumbnailMaximumBytes``.
        case thumbnail
        /// JPEG, at most ``StillPreview/displayLongSide`` pixels on its long side and
        /// ``StillPreview/displayMaximumBytes``.
        case display
        /// The pair zipped (``LivePhotoZip``).
        case livePhoto = "livephoto"
        /// The pair as a Motion Photo (the Motion Photo export).
        case motionPhoto = "motionphoto"
        /// The motion of a Motion Photo, as a QuickTime movie pages play (a pair's is its own `movie`).
        case movie
    }

    /// Writes the renditions into `directory` and returns each file by name: `thumbnail` and
    /// `display` always, `livephoto` and `motionphoto` when there is a movie.
    /// - Parameters:
    ///   - baseName: The name the pair's files take inside the zip and the Motion Photo's (`glint-1a2b3c4d`).
    /// - Throws: ``MediaError`` or the exporter's error, naming the file at fault.
    public static func make(
        stillPath: String, moviePath: String?, baseName: String, in directory: URL, limits: ImageLimits = .default
    ) throws -> [Name: URL] {
        var files: [Name: URL] = [:]
        let previews = [
            (Name.thumbnail, StillPreview.thumbnailLongSide, StillPreview.thumbnailMaximumBytes),
            (.display, StillPreview.displayLongSide, StillPreview.displayMaximumBytes),
        ]
        for (name, longSide, maximumBytes) in previews {
            let url = directory.appendingPathComponent("\(name.rawValue).jpg")
            let bytes = try StillPreview.jpeg(path: stillPath, longSide: longSide, maximumBytes: maximumBytes, limits: limits)
            try AtomicFileWriter.write(bytes, to: url.path)
            files[name] = url
        }
        guard let moviePath else { return files }
        let zip = directory.appendingPathComponent("\(baseName)-live-photo.zip")
        try LivePhotoZip.write(stillPath: stillPath, moviePath: moviePath, baseName: baseName, to: zip)
        files[.livePhoto] = zip
        files[.motionPhoto] = try motionPhoto(stillPath: stillPath, moviePath: moviePath, baseName: baseName, in: directory)
        return files
    }

    /// The Motion Photo export of the pair, moved into `directory`. The export runs in a scratch
    /// folder of its own (the temporary directory), the pair's files linked there under `baseName`
    /// so that the export names its output after them (`glint-1a2b3c4d.MP.jpg`).
    /// The renditions of a Motion Photo: it is unpacked into a Live Photo (``MotionPhotoToLivePhoto``,
    /// samples copied), whose still gives the previews and which is zipped; the Motion Photo itself
    /// is the `motionphoto` download, and the unpacked movie the `movie` pages play.
    public static func make(motionPhotoPath: String, baseName: String, in directory: URL, limits: ImageLimits = .default) throws -> [Name: URL] {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("glint-renditions-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let photo = try MotionPhotoToLivePhoto.motionPhoto(at: motionPhotoPath)
        let unpacked = try MotionPhotoToLivePhoto.convert(
            photo, in: motionPhotoPath, stillPath: scratch.appendingPathComponent(photo.primaryMime == "image/heic" ? "still.HEIC" : "still.jpg").path,
            moviePath: scratch.appendingPathComponent("movie.MOV").path)
        var files = try make(stillPath: unpacked.stillPath, moviePath: nil, baseName: baseName, in: directory, limits: limits)
        let zip = directory.appendingPathComponent("\(baseName)-live-photo.zip")
        try LivePhotoZip.write(stillPath: unpacked.stillPath, moviePath: unpacked.moviePath, baseName: baseName, to: zip)
        files[.livePhoto] = zip
        let movie = directory.appendingPathComponent("\(baseName).mov")
        _ = try AtomicFileWriter.copy(contentsOf: unpacked.moviePath, to: movie.path)
        files[.movie] = movie
        let motion = directory.appendingPathComponent("\(baseName).MP.\(photo.primaryMime == "image/heic" ? "heic" : "jpg")")
        _ = try AtomicFileWriter.copy(contentsOf: motionPhotoPath, to: motion.path)
        files[.motionPhoto] = motion
        return files
    }

    static func motionPhoto(stillPath: String, moviePath: String, baseName: String, in directory: URL) throws -> URL {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("glint-renditions-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let output = scratch.appendingPathComponent("export", isDirectory: true)
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let extensionOfStill = (stillPath as NSString).pathExtension.isEmpty ? "jpg" : (stillPath as NSString).pathExtension.lowercased()
        let still = scratch.appendingPathComponent("\(baseName).\(extensionOfStill)")
        let movie = scratch.appendingPathComponent("\(baseName).mov")
        try FileManager.default.createSymbolicLink(atPath: still.path, withDestinationPath: stillPath)
        try FileManager.default.createSymbolicLink(atPath: movie.path, withDestinationPath: moviePath)
        let result = try Exporter.export(stillPath: still.path, moviePath: movie.path, as: .motionPhoto, options: ExportOptions(outputDirectory: output.path))
        guard let file = result.files.first(where: { $0.kind == .motionPhoto }) else {
            throw MediaError(.encodingFailed, "\(stillPath): the Motion Photo export wrote no Motion Photo")
        }
        let destination = directory.appendingPathComponent((file.path as NSString).lastPathComponent)
        _ = try AtomicFileWriter.copy(contentsOf: file.path, to: destination.path)
        return destination
    }
}
