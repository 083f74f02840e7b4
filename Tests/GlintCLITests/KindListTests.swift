import Foundation
import GlintJobs
import GlintLivePhoto
import GlintQueue
import Testing

/// The lists of job kinds (and export formats) people read: `glint jobs submit --help`, the OpenAPI
/// document's `JobRequest.kind` enum and the README's table all name exactly the kinds of
/// `JobHandlerRegistry.glint` (and `ExportFormat.allCases`), so adding a kind or a format without
/// updating them fails here.
@Suite("Kind lists")
struct KindListTests {
    static let kinds = JobHandlerRegistry.glint.kinds.map(\.rawValue)
    static let formats = ExportFormat.allCases.map(\.rawValue)

    /// The package's root, from this file's place in it (`Tests/GlintCLITests/`).
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func read(_ path: String) throws -> String {
        try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
    }

    /// The text between `start` and the first `end` after it, or nil.
    static func between(_ text: String, _ start: String, _ end: String) -> String? {
        guard let from = text.range(of: start), let to = text.range(of: end, range: from.upperBound..<text.endIndex) else { return nil }
        return String(text[from.upperBound..<to.lowerBound])
    }

    /// "a, b, c" as ["a", "b", "c"].
    static func list(_ text: String) -> [String] {
        text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    @Test("glint jobs submit --help lists the registry's kinds and the export formats")
    func help() throws {
        let outcome = try GlintProcess.run(["jobs", "submit", "--help"])
        // Wrapped to the terminal: one line of words for matching.
        let help = outcome.stdoutText.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let kinds = try #require(Self.between(help, "Kinds: ", ". "), "no 'Kinds: ' in\n\(outcome.stdoutText)")
        #expect(Self.list(kinds) == Self.kinds)
        let formats = try #require(Self.between(help, "FORMAT one of ", ";"), "no export formats in\n\(outcome.stdoutText)")
        #expect(Self.list(formats) == Self.formats)
    }

    @Test("openapi.yaml's JobRequest.kind enum is the registry's kinds")
    func openAPI() throws {
        let document = try Self.read("Sources/GlintServer/Resources/openapi.yaml")
        let request = try #require(Self.between(document, "\n    JobRequest:\n", "\n    Job:\n"), "no JobRequest schema")
        let kind = try #require(Self.between(request, "\n        kind:\n", "\n        params:"), "no kind property")
        let values = try #require(Self.between(kind, "enum: [", "]"), "JobRequest.kind has no enum")
        #expect(Self.list(values) == Self.kinds)
    }

    @Test("the README's table of kinds is the registry's kinds, and livephoto.export's formats are ExportFormat's")
    func readme() throws {
        let readme = try Self.read("README.md")
        let table = try #require(Self.between(readme, "| kind | inputs | params |\n| --- | --- | --- |\n", "\n\n"), "no table of kinds")
        let rows = table.split(separator: "\n").map(String.init)
        let kinds = rows.compactMap { Self.between($0, "| `", "` |") }
        #expect(kinds == Self.kinds)
        let export = try #require(rows.first { $0.hasPrefix("| `livephoto.export` |") })
        let formats = try #require(Self.between(export, "`as` (", ")"), "no `as` formats in \(export)")
        #expect(Self.list(formats).map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "`")) } == Self.formats)
    }
}
