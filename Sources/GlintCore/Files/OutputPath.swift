import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Where an output goes, checked so that it never replaces one of the files it was made from.
///
/// Files are compared as the file system sees them (``FileIdentity``: device and inode), so
/// `out/../IMG.jpg`, a link to `IMG.jpg` and a hard link to it are all `IMG.jpg`; an input that
/// does not exist is compared by its path, standardised with links followed. Every
/// Glint writer that names its outputs after its inputs (edit, export, effects, badges) checks
/// here, so the rule and its message are the same everywhere.
public enum OutputPath {
    /// What the overwrite refusal tells the user to do when the output folder was chosen.
    private static let chooseAnotherDirectory = "choose another --out directory"
    /// What the overwrite refusal tells the user to do when the output file was chosen.
    private static let chooseAnotherFile = "choose another file"

    /// `path` as outputs and inputs are compared: absolute, standardised, links followed.
    public static func resolved(_ path: String) -> String {
        resolved(URL(fileURLWithPath: path))
    }

    /// `directory/name`, resolved, refusing a path that is one of `inputs`.
    /// - Throws: ``MediaError`` `.invalidArgument` naming the input it would overwrite.
    public static func file(named name: String, in directory: String, inputs: [String]) throws -> String {
        let output = resolvedFile(named: name, in: directory)
        let identity = FileIdentity(path: output)
        if let input = inputs.first(where: { isSame($0, as: output, identity: identity) }) {
            throw overwriteRefusal(file: input, advice: chooseAnotherDirectory)
        }
        return output
    }

    /// Checks that the resolved `output` is none of `inputs`.
    /// - Parameters:
    ///   - output: A path already ``resolved(_:)``.
    ///   - inputs: The files the output is made from.
    ///   - file: The path the error names (the output as the user gave it).
    /// - Throws: ``MediaError`` `.invalidArgument` naming `file` when `output` is an input.
    public static func refuseOverwriting(_ output: String, inputs: [String], naming file: String) throws {
        let identity = FileIdentity(path: output)
        if inputs.contains(where: { isSame($0, as: output, identity: identity) }) {
            throw overwriteRefusal(file: file, advice: chooseAnotherFile)
        }
    }

    /// `directory/<file name of source>`, resolved, refusing a path that is one of `inputs` or a
    /// name that two of `inputs` share (their outputs would collide).
    /// - Throws: ``MediaError`` `.invalidArgument` naming the input it would overwrite, or
    ///   `source` for a shared name.
    public static func file(namedAfter source: String, in directory: String, inputs: [String]) throws -> String {
        let name = (source as NSString).lastPathComponent
        let output = try file(named: name, in: directory, inputs: inputs)
        if inputs.filter({ ($0 as NSString).lastPathComponent == name }).count > 1 {
            throw MediaError(.invalidArgument, file: source, "two images are called \(name): their outputs would collide")
        }
        return output
    }

    /// Whether `input` is the file at `output` (a resolved path whose identity, when it exists, is
    /// `identity`): one `stat(2)` of an input that exists, rather than resolving its every folder.
    private static func isSame(_ input: String, as output: String, identity: FileIdentity?) -> Bool {
        if let inputIdentity = FileIdentity(path: input) { return inputIdentity == identity }
        return resolved(input) == output
    }

    /// `directory/name` resolved: the folder by `realpath(3)` (one C call, where Foundation's
    /// resolution costs more than the rest of copying a small photo), then the name, followed
    /// only when it is a link; Foundation's resolution for a folder that does not exist or a name
    /// that is not a plain file name.
    private static func resolvedFile(named name: String, in directory: String) -> String {
        let fallback = { resolved(URL(fileURLWithPath: directory, isDirectory: true).appendingPathComponent(name, isDirectory: false)) }
        guard !name.isEmpty, name != ".", name != "..", !name.contains("/"), let real = realpath(directory, nil) else { return fallback() }
        let folder = String(cString: real)
        free(real)
        let path = folder == "/" ? "/" + name : folder + "/" + name
        var status = stat()
        if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK { return resolved(URL(fileURLWithPath: path)) }
        return path
    }

    private static func resolved(_ url: URL) -> String {
        url.standardizedFileURL.resolvingSymlinksInPath().path
    }

    private static func overwriteRefusal(file: String, advice: String) -> MediaError {
        MediaError(.invalidArgument, file: file, "the output would overwrite the input: \(advice)")
    }
}
