import Foundation
import GlintMedia

/// Checks an effect's output path before any work starts.
enum EffectDestination {
    /// The absolute output path for `path`, its folder created.
    /// - Throws: ``MediaError`` `.invalidArgument` for an empty path, a folder, an extension that
    ///   names another format, or a path that is one of the inputs; `.writeFailed` when the
    ///   folder cannot be made.
    static func resolve(_ path: String, format: EffectFormat, inputs: [String]) throws -> String {
        guard !path.isEmpty else { throw MediaError(.invalidArgument, "no output file given") }
        let url = URL(fileURLWithPath: path).standardizedFileURL
        let name = url.lastPathComponent
        guard !name.isEmpty, name != ".", name != "..", !path.hasSuffix("/") else {
            throw MediaError(.invalidArgument, file: path, "is a folder: give an output file name")
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw MediaError(.invalidArgument, file: path, "is a folder: give an output file name")
        }
        let suffix = url.pathExtension
        if let named = EffectFormat(fileExtension: suffix), named != format {
            throw MediaError(.invalidArgument, file: path, "the name ends in .\(suffix) but the format is \(format.rawValue): use .\(format.fileExtensions[0])")
        }
        let folder = url.deletingLastPathComponent().path
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw MediaError(.writeFailed, file: folder, "cannot create the output folder")
        }
        let resolved = url.resolvingSymlinksInPath().path
        try OutputPath.refuseOverwriting(resolved, inputs: inputs, naming: path)
        return resolved
    }
}
