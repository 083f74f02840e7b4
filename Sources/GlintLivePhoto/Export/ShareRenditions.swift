import Foundation
import GlintCore
import GlintMedia

/// What a page serves of a still (and of its Live Photo pair), made once so that no request does
/// media work: a thumbnail, the still at display size, and for a pair its downloads, the zipped
/// pair and a Motion Photo. Unless told to keep it, nothing made carries the recording location:
/// the still and the movie are copied without it first (``StillLocationRemover``,
/// ``MovieLocationRemover``, what `--strip-location` removes), and everything else is made from
/// those copies.
public enum ShareRenditions {
    /// The names of the renditions (the job outputs of `share.renditions`).
    public enum Name: String, CaseIterable, Sendable {
        /// JPEG, at most ``StillPreview/thumbnailLongSide`` pixels on its long side and
        /// ``StillPreview/thumbnailMaximumBytes``.
        case thumbnail
        /// JPEG, at most ``StillPreview/displayLongSide`` pixels on its long side and
        /// ``StillPreview/displayMaximumBytes``; Ultra HDR when the still has a gain map.
        case display
        /// The pair zipped (``LivePhotoZip``).
        case livePhoto = "livephoto"
        /// The pair as a Motion Photo (the Motion Photo export).
        case motionPhoto = "motionphoto"
        /// The still without location, in its own format (JPEG or HEIC), every other piece of
        /// metadata kept (orientation, the Live Photo identifier). Made unless the location is kept.
        case still
        /// The motion pages play, as a QuickTime movie: the pair's movie without location, or the
        /// motion of a Motion Photo (without location unless it is kept).
        case movie
    }

    /// Writes the renditions into `directory` and returns each file by name: `thumbnail` and
    /// `display` always, `livephoto` and `motionphoto` when there is a movie; unless `keepLocation`,
    /// `still` (and `movie` with a movie) too, the copies without location everything else is made from.
    /// - Parameters:
    ///   - baseName: The name the pair's files take inside the zip and the Motion Photo's (`glint-1a2b3c4d`).
    ///   - keepLocation: Make everything from the files as they are, location included (no `still` or `movie`).
    /// - Throws: ``MediaError`` or the exporter's error, naming the file at fault.
    public static func make(
        stillPath: String, moviePath: String?, baseName: String, in directory: URL, keepLocation: Bool = false, limits: ImageLimits = .default
    ) throws -> [Name: URL] {
        try make(stillPath: stillPath, moviePath: moviePath, baseName: baseName, in: directory, keepLocation: keepLocation, motion: .pair, limits: limits)
    }

    /// ``make(stillPath:moviePath:baseName:in:keepLocation:limits:)``, the Motion Photo made as `motion` says.
    static func make(
        stillPath: String, moviePath: String?, baseName: String, in directory: URL, keepLocation: Bool, motion: MotionPhotoFormat, limits: ImageLimits
    ) throws -> [Name: URL] {
        var files: [Name: URL] = [:]
        var (still, movie) = (stillPath, moviePath)
        if !keepLocation {
            let copies = try withoutLocation(stillPath: stillPath, moviePath: moviePath, in: directory)
            files[.still] = copies.still
            files[.movie] = copies.movie
            (still, movie) = (copies.still.path, copies.movie?.path)
        }
        let previews = [
            (Name.thumbnail, StillPreview.thumbnailLongSide, StillPreview.thumbnailMaximumBytes),
            (.display, StillPreview.displayLongSide, StillPreview.displayMaximumBytes),
        ]
        for (name, longSide, maximumBytes) in previews {
            let url = directory.appendingPathComponent("\(name.rawValue).jpg")
            // The display picture keeps HDR (an Ultra HDR JPEG); the thumbnail stays SDR.
            let bytes = try StillPreview.jpeg(
                path: still, longSide: longSide, maximumBytes: maximumBytes, keepingHDR: name == .display, limits: limits)
            try AtomicFileWriter.write(bytes, to: url.path)
            files[name] = url
        }
        guard let movie else { return files }
        let zip = directory.appendingPathComponent("\(baseName)-live-photo.zip")
        try LivePhotoZip.write(stillPath: still, moviePath: movie, baseName: baseName, to: zip)
        files[.livePhoto] = zip
        files[.motionPhoto] = try motionPhoto(
            stillPath: still, moviePath: movie, baseName: baseName, in: directory, format: motion, stripLocation: !keepLocation)
        return files
    }

    /// The renditions of a Motion Photo: it is unpacked into a Live Photo (``MotionPhotoToLivePhoto``,
    /// samples copied), whose still gives the previews and which is zipped, and whose movie is the
    /// `movie` pages play. Without location (the default), the unpacked pair is copied without it
    /// and the `motionphoto` download is made again from those copies (the motion's samples copied,
    /// in the container of the original); with `keepLocation`, it is the Motion Photo itself.
    public static func make(
        motionPhotoPath: String, baseName: String, in directory: URL, keepLocation: Bool = false, limits: ImageLimits = .default
    ) throws -> [Name: URL] {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("glint-renditions-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let photo = try MotionPhotoToLivePhoto.motionPhoto(at: motionPhotoPath)
        let isHEIC = photo.primaryMime == "image/heic"
        let unpacked = try MotionPhotoToLivePhoto.convert(
            photo, in: motionPhotoPath, stillPath: scratch.appendingPathComponent(isHEIC ? "still.HEIC" : "still.jpg").path,
            moviePath: scratch.appendingPathComponent("movie.MOV").path)
        guard keepLocation else {
            return try make(
                stillPath: unpacked.stillPath, moviePath: unpacked.moviePath, baseName: baseName, in: directory, keepLocation: false,
                motion: MotionPhotoFormat(codec: .copy, container: isHEIC ? .heic : .jpeg), limits: limits)
        }
        var files = try make(stillPath: unpacked.stillPath, moviePath: nil, baseName: baseName, in: directory, keepLocation: true, limits: limits)
        let zip = directory.appendingPathComponent("\(baseName)-live-photo.zip")
        try LivePhotoZip.write(stillPath: unpacked.stillPath, moviePath: unpacked.moviePath, baseName: baseName, to: zip)
        files[.livePhoto] = zip
        let movie = directory.appendingPathComponent("\(baseName).mov")
        _ = try AtomicFileWriter.copy(contentsOf: unpacked.moviePath, to: movie.path)
        files[.movie] = movie
        let motion = directory.appendingPathComponent("\(baseName).MP.\(isHEIC ? "heic" : "jpg")")
        _ = try AtomicFileWriter.copy(contentsOf: motionPhotoPath, to: motion.path)
        files[.motionPhoto] = motion
        return files
    }

    /// How the `motionphoto` download is made: a pair's motion in H.264 in a JPEG (what every
    /// viewer plays); a Motion Photo's again as it was (its samples, its container).
    struct MotionPhotoFormat {
        var codec: MotionCodec
        var container: MotionContainer

        static let pair = MotionPhotoFormat(codec: .h264, container: .jpeg)
    }

    /// The Motion Photo export of the pair, moved into `directory`. The export runs in a scratch
    /// folder of its own (the temporary directory), the pair's files linked there under `baseName`
    /// so that the export names its output after them (`glint-1a2b3c4d.MP.jpg`).
    static func motionPhoto(
        stillPath: String, moviePath: String, baseName: String, in directory: URL, format: MotionPhotoFormat, stripLocation: Bool
    ) throws -> URL {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("glint-renditions-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let output = scratch.appendingPathComponent("export", isDirectory: true)
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let extensionOfStill = (stillPath as NSString).pathExtension.isEmpty ? "jpg" : (stillPath as NSString).pathExtension.lowercased()
        let still = scratch.appendingPathComponent("\(baseName).\(extensionOfStill)")
        let movie = scratch.appendingPathComponent("\(baseName).mov")
        try FileManager.default.createSymbolicLink(atPath: still.path, withDestinationPath: stillPath)
        try FileManager.default.createSymbolicLink(atPath: movie.path, withDestinationPath: moviePath)
        var options = ExportOptions(outputDirectory: output.path, stripLocation: stripLocation)
        options.motionCodec = format.codec
        options.motionContainer = format.container
        let result = try Exporter.export(stillPath: still.path, moviePath: movie.path, as: .motionPhoto, options: options)
        guard let file = result.files.first(where: { $0.kind == .motionPhoto }) else {
            throw MediaError(.encodingFailed, "\(stillPath): the Motion Photo export wrote no Motion Photo")
        }
        let destination = directory.appendingPathComponent((file.path as NSString).lastPathComponent)
        _ = try AtomicFileWriter.copy(contentsOf: file.path, to: destination.path)
        return destination
    }
}
