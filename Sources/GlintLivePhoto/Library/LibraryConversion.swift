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
            unpackedNames(path: path, photo: photo, format: format, options: options)
        case .photo(let path):
            [ExportNames.fileName(path)]
        }
    }

    private static func unpackedNames(path: String, photo: MotionPhoto, format: ExportFormat, options: ExportOptions) -> [String] {
        let names = MotionPhotoToLivePhoto.fileNames(for: path, primaryMime: photo.primaryMime)
        return ExportNames.files(stillPath: names.still, moviePath: names.movie, format: format, options: options)
    }

    /// The files an edit of `item` writes: each input under its own name.
    public static func editNames(_ item: LibraryItem) -> [String] {
        item.inputs.map(ExportNames.fileName)
    }

    /// Edits `item` with `recipe` into `folder`: a Live Photo with ``LivePhotoEditor``, a Motion
    /// Photo with ``MotionPhotoEditor`` (in its own flavour), a plain photo with ``PhotoEditor``.
    public static func edit(_ item: LibraryItem, recipe: EditRecipe, options: LivePhotoEditor.Options, into folder: String) throws -> LibraryRun.Converted {
        switch item.content {
        case .livePhoto(let pair):
            let result = try LivePhotoEditor.edit(
                stillPath: pair.stillPath, moviePath: pair.moviePath, recipe: recipe, outputDirectory: folder, options: options)
            return LibraryRun.Converted(files: [result.stillPath, result.moviePath], notes: result.droppedTracks.map { "dropped \($0)" })
        case .motionPhoto(let path, _):
            let result = try MotionPhotoEditor.edit(path: path, recipe: recipe, outputDirectory: folder, options: options)
            return LibraryRun.Converted(files: [result.path])
        case .photo(let path):
            let result = try PhotoEditor.edit(path: path, recipe: recipe, outputDirectory: folder, options: options)
            return LibraryRun.Converted(files: [result.path], notes: PhotoEditor.notes(result))
        }
    }
}
