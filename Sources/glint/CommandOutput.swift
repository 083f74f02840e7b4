import Foundation
import GlintMedia
import GlintLivePhoto
import GlintGraphics
import GlintQueue

/// Writing results and errors the way every `glint` command does: text for people, one JSON
/// document on standard output with `--json`, and a one-line error on standard error.
enum CommandOutput {
    /// Prints `value` as pretty, key-sorted JSON on standard output.
    static func printJSON<T: Encodable>(_ value: T) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        if let data = try? encoder.encode(value), let text = String(data: data, encoding: .utf8) {
            print(text)
        }
    }

    /// Writes a line to standard error.
    static func printError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// The one-line message for any error a command can meet.
    static func message(for error: Error) -> String {
        switch error {
        case let error as MediaError: return error.description
        case let error as RecipeError: return error.description
        case let error as BadgeError: return error.description
        default: return String(describing: error)
        }
    }

    /// A machine-readable error.
    struct ErrorDocument: Encodable {
        struct Detail: Encodable {
            var kind: String
            var file: String?
            var message: String
        }
        var error: Detail
    }

    /// Reports `error` (as JSON too when asked) and returns the failure exit code.
    static func fail(_ error: Error, json: Bool) -> Int32 {
        let line = message(for: error)
        printError("glint: " + line)
        if json {
            let kind: String
            let file: String?
            switch error {
            case let error as MediaError: (kind, file) = (error.kind.rawValue, error.file)
            case is RecipeError: (kind, file) = ("invalidRecipe", nil)
            case let error as BadgeError: (kind, file) = (error.kind.rawValue, error.file)
            case let error as JobQueueError: (kind, file) = (error.kind.rawValue, nil)
            default: (kind, file) = ("failed", nil)
            }
            printJSON(ErrorDocument(error: .init(kind: kind, file: file, message: line)))
        }
        return 1
    }
}
