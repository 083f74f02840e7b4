import Foundation
import GlintMedia

/// Edits a photo that has no motion (a JPEG or HEIC): the recipe's colour and geometry, through
/// the same ``StillEditor`` as a Live Photo's still (the same colour pipeline and metadata rules),
/// written under its own name in its own format. The recipe's motion keys (trim, key photo,
/// sound) have nothing to act on and are reported, not refused.
public enum PhotoEditor {
    /// What was written.
    public struct Result: Sendable, Codable, Equatable {
        public var path: String
        public var size: Int64
        public var width: Int
        public var height: Int
        /// The recipe's keys that only a motion can take, when it had any.
        public var ignoredKeys: [String]
        /// What became of the photo's HDR gain map; absent when it had none.
        public var hdr: HDREditReport? = nil
    }

    /// Edits the photo at `path` into `outputDirectory`.
    /// - Throws: ``MediaError`` (unreadable, unsupported, an output that would overwrite the
    ///   input) or ``RecipeError``; nothing is written then.
    public static func edit(
        path: String, recipe: EditRecipe, outputDirectory: String, options: LivePhotoEditor.Options = .init()
    ) throws -> Result {
        try recipe.validate()
        let still = try StillImageReader.read(path: path)
        let output = try LivePhotoEditor.outputPath(for: path, in: outputDirectory)
        let edited = try StillEditor.edit(still, recipe: recipe, contentIdentifier: nil, quality: options.jpegQuality, heic: options.heic)
        try AtomicFileWriter.write(edited.bytes, to: output)
        options.logger.info("photo edited", metadata: ["photo": "\(path)", "output": "\(output)"])
        return Result(
            path: output, size: Int64(edited.bytes.count), width: edited.geometry.outputWidth, height: edited.geometry.outputHeight,
            ignoredKeys: motionKeys(in: recipe), hdr: edited.hdr)
    }

    /// The recipe's keys that act on a motion only.
    static func motionKeys(in recipe: EditRecipe) -> [String] {
        var keys: [String] = []
        if recipe.trim != nil { keys.append("trim") }
        if recipe.keyPhoto != nil { keys.append("keyPhoto") }
        if recipe.volume != nil { keys.append("volume") }
        if recipe.mute == true { keys.append("mute") }
        return keys
    }
}

extension PhotoEditor {
    /// What the user should know of an edit: the recipe keys it had nothing to apply to.
    public static func notes(_ result: Result) -> [String] {
        var notes: [String] = []
        if !result.ignoredKeys.isEmpty {
            notes.append("the photo has no motion: the recipe's \(result.ignoredKeys.joined(separator: ", ")) did not apply")
        }
        if let hdr = result.hdr { notes.append(hdr.line) }
        return notes
    }
}
