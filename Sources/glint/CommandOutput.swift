import Foundation
import GlintCore

/// Writing results and errors the way every `glint` command does: text for people, one JSON
/// document on standard output with `--json`, and a one-line error on standard error.
enum CommandOutput {
    /// Prints `value` as pretty, key-sorted JSON on standard output.
    static func printJSON<T: Encodable>(_ value: T) {
        print(jsonText(value))
    }

    /// `value` as pretty, key-sorted JSON.
    static func jsonText<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return "" }
        return String(decoding: data, as: UTF8.self)
    }

    /// Prints a command's report: `document` with `--json`, else `lines`. A command whose output
    /// file is standard output (`--out -`) reports on standard error instead, so that standard
    /// output carries the file's bytes alone.
    static func report<T: Encodable>(_ document: T, lines: [String], json: Bool, out: String) {
        let text = json ? jsonText(document) : lines.joined(separator: "\n")
        if out == OutputTarget.standardOutputName {
            FileHandle.standardError.write(Data((text + "\n").utf8))
        } else {
            print(text)
        }
    }

    /// Writes a line to standard error.
    static func printError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// The one-line message for any error a command can meet.
    static func message(for error: Error) -> String {
        (error as? any GlintError)?.description ?? String(describing: error)
    }

    /// A machine-readable error: `kind` is the error's own name for what went wrong (`truncated`),
    /// `code` the category every caller shares (`invalid-input`; see ``GlintCore/ErrorCode``).
    struct ErrorDocument: Encodable {
        struct Detail: Encodable {
            var kind: String
            var code: String
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
            let known = error as? any GlintError
            let detail = ErrorDocument.Detail(
                kind: known?.kindName ?? "failed", code: known?.code.rawValue ?? ErrorCode.handlerFailed.rawValue,
                file: known?.file, message: line)
            printJSON(ErrorDocument(error: detail))
        }
        return 1
    }
}
