import Foundation
import GlintMedia

/// What `glint edit` does to each item of a folder, and the names of what `glint export` writes
/// for each (the export itself, which may badge, is `LivePhotoExport`'s, in GlintJobs).
public enum LibraryConversion {
    /// The files an export of `item` as `format` writes: ``ExportNames`` for the item's still and
    /// movie (a Motion Photo's as it unpacks them), and a plain photo's own name (it is exported as
    /// a still, whatever the format).
    public static func exportNames(_ item: LibraryItem, format: ExportFormat, options: ExportOptions) -> [String] {
        switch item.content {
        case .livePhoto(let pair):
            ExportNames.files(stillPath: pair.stillPath, moviePath: pair.moviePath, format: format, options: options)
        case .motionPhoto(let path, let photo):
            unpackedNames(path: path, primaryMime: photo.primaryMime, format: format, options: options)
        case .splitMotionPhoto(let still, _, let mime):
            unpackedNames(path: still, primaryMime: mime, format: format, options: options)
        case .photo(let path):
            [ExportNames.fileName(path)]
        }
    }

    private static func unpackedNames(path: String, primaryMime: String, format: ExportFormat, options: ExportOptions) -> [String] {
        let names = MotionPhotoToLivePhoto.fileNames(for: path, primaryMime: primaryMime)
        return ExportNames.files(
            stillPath: names.still, moviePath: names.movie, format: format, options: options.keepingForm(ofMotionPhotoWith: primaryMime))
    }

    /// The files an edit of `item` writes: each input under its own name (a split Motion Photo
    /// comes out whole, under its still's name).
    public static func editNames(_ item: LibraryItem) -> [String] {
        switch item.content {
        case .splitMotionPhoto(let still, _, _): [ExportNames.fileName(still)]
        default: item.inputs.map(ExportNames.fileName)
        }
    }

    /// `item`, with a split Motion Photo put back together in a hidden folder inside `folder`
    /// (under its still's name) and read as a Motion Photo; any other item as it is.
    /// - Throws: What ``MotionPhotoJoiner/join(stillPath:moviePath:to:)`` and reading the result throw.
    public static func joined(_ item: LibraryItem, in folder: String) throws -> LibraryItem {
        guard case .splitMotionPhoto(let still, let movie, _) = item.content else { return item }
        let joinFolder = (folder as NSString).appendingPathComponent(".joined")
        try FileManager.default.createDirectory(atPath: joinFolder, withIntermediateDirectories: true)
        let path = (joinFolder as NSString).appendingPathComponent((still as NSString).lastPathComponent)
        try MotionPhotoJoiner.join(stillPath: still, moviePath: movie, to: path)
        var joined = item
        joined.content = .motionPhoto(path: path, photo: try MotionPhotoToLivePhoto.motionPhoto(at: path))
        return joined
    }

    /// Edits `item` with `recipe` into `folder`: a Live Photo with ``LivePhotoEditor``, a Motion
    /// Photo with ``MotionPhotoEditor`` (in its own flavour), a plain photo with ``PhotoEditor``.
    public static func edit(_ item: LibraryItem, recipe: EditRecipe, options: LivePhotoEditor.Options, into folder: String) throws -> LibraryRun.Converted {
        switch try joined(item, in: folder).content {
        case .livePhoto(let pair):
            let result = try LivePhotoEditor.edit(
                stillPath: pair.stillPath, moviePath: pair.moviePath, recipe: recipe, outputDirectory: folder, options: options)
            return LibraryRun.Converted(files: [result.stillPath, result.moviePath], notes: result.droppedTracks.map { "dropped \($0)" })
        case .motionPhoto(let path, _), .splitMotionPhoto(let path, _, _):
            let result = try MotionPhotoEditor.edit(path: path, recipe: recipe, outputDirectory: folder, options: options)
            return LibraryRun.Converted(files: [result.path])
        case .photo(let path):
            let result = try PhotoEditor.edit(path: path, recipe: recipe, outputDirectory: folder, options: options)
            return LibraryRun.Converted(files: [result.path], notes: PhotoEditor.notes(result))
        }
    }
}
