import Foundation

/// Where an output goes, checked so that it never replaces one of the files it was made from.
///
/// Paths are compared as the file system sees them: standardised (`.` and `..` removed) with
/// symbolic links followed, so `out/../IMG.jpg` and a link to `IMG.jpg` are both `IMG.jpg`. Every
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
        let output = resolved(URL(fileURLWithPath: directory).appendingPathComponent(name))
        if let input = inputs.first(where: { resolved($0) == output }) {
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
        if inputs.contains(where: { resolved($0) == output }) {
            throw overwriteRefusal(file: file, advice: chooseAnotherFile)
        }
    }

    /// `directory/<file name of source>`, resolved, refusing a path that is one of `inputs` or a
    /// name that two of `inputs` share (their outputs would collide).
    /// - Throws: ``MediaError`` `.invalidArgument` naming the input it would overwrite, or
    ///   `source` for a shared name.
    public static func file(namedAfter source: String, in directory: String, inputs: [String]) throws -> String {
        let name = URL(fileURLWithPath: source).lastPathComponent
        let output = try file(named: name, in: directory, inputs: inputs)
        if inputs.filter({ URL(fileURLWithPath: $0).lastPathComponent == name }).count > 1 {
            throw MediaError(.invalidArgument, file: source, "two images are called \(name): their outputs would collide")
        }
        return output
    }

    private static func resolved(_ url: URL) -> String {
        url.standardizedFileURL.resolvingSymlinksInPath().path
    }

    private static func overwriteRefusal(file: String, advice: String) -> MediaError {
        MediaError(.invalidArgument, file: file, "the output would overwrite the input: \(advice)")
    }
}
