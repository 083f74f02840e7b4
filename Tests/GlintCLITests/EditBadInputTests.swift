import Foundation
import GlintTestSupport
import Testing

/// `glint edit` given damaged or wrong inputs: one line on standard error naming the file and the
/// problem, a clean non-zero exit, and nothing left in the output directory.
@Suite("glint edit with bad input", .suiteTimeLimit)
struct EditBadInputTests {
    static let recipe = #"{"exposure":0.5}"#

    /// One kind of bad input: how to make it from a good still and movie, and what the message says.
    struct BadInput: Sendable, CustomTestStringConvertible {
        enum Half: Sendable { case still, movie }
        var name: String
        var half: Half
        var fileName: String
        /// Words of which the error line must contain at least one (lowercased).
        var problemWords: [String]
        /// What is known to be wrong in the product when this case fails.
        var knownBug: String? = nil
        var make: @Sendable (_ goodStill: URL, _ goodMovie: URL, _ destination: URL) throws -> Void
        var testDescription: String { name }
    }

    /// Inputs made from the real iPhone pair.
    static let realPairCases: [BadInput] = [
        BadInput(
            name: "truncated JPEG (the real still cut in half)", half: .still, fileName: "truncated.jpg",
            problemWords: ["truncat", "ends", "end of"]
        ) { still, _, destination in
            try GeneratedInputs.truncatedCopy(of: still, to: destination)
        },
        BadInput(
            name: "movie whose moov holds a trak with a garbage size", half: .movie, fileName: "corrupt-moov.mov",
            problemWords: ["moov", "damaged", "corrupt"]
        ) { _, movie, destination in
            try GeneratedInputs.corruptMoovCopy(of: movie, to: destination)
        },
        // The moov still parses, but its tables lie: the failure comes from FFmpeg mid-job, after
        // the encoder has started, which is where stray library logging and partial outputs show.
        BadInput(
            name: "movie whose moov puts the video chunks past the end of the file", half: .movie,
            fileName: "chunks-past-end.mov",
            problemWords: ["moov", "damaged", "corrupt", "chunk", "offset", "past the end", "beyond", "decod"],
            knownBug: """
                product bug (GlintMedia, not the CLI): chunk offsets beyond the end of the file are not \
                checked when the moov is read, FFmpeg then yields no packets, and the user is told \
                "the encoder produced no video frames" instead of what is wrong with the movie
                """
        ) { _, movie, destination in
            try GeneratedInputs.moovTableCopy(of: movie, to: destination, table: "stco") { _, _ in 0x7FFF_0000 }
        },
        BadInput(
            name: "movie whose moov gives the later video samples garbage sizes", half: .movie,
            fileName: "sample-sizes.mov",
            problemWords: ["moov", "damaged", "corrupt", "decod", "invalid"]
        ) { _, movie, destination in
            try GeneratedInputs.moovTableCopy(of: movie, to: destination, table: "stsz") { index, count in
                index >= count / 2 ? 0x0010_0000 : nil
            }
        },
    ]

    /// Inputs made from a small generated pair (no fixtures needed).
    static let generatedCases: [BadInput] = [
        BadInput(
            name: "JPEG whose SOF claims 65535x65535", half: .still, fileName: "huge.jpg",
            problemWords: ["large", "65535", "dimension", "limit"]
        ) { still, _, destination in
            try GeneratedInputs.hugeDimensionsCopy(of: still, to: destination)
        },
        BadInput(name: "zero-byte still", half: .still, fileName: "empty.jpg", problemWords: ["empty"]) { _, _, destination in
            try Data().write(to: destination)
        },
        BadInput(
            name: "text file named .mov", half: .movie, fileName: "notes.mov",
            problemWords: ["not a", "quicktime", "unsupported"]
        ) { _, _, destination in
            try Data("These are my holiday notes, not a movie.\n".utf8).write(to: destination)
        },
        BadInput(
            name: "still that does not exist", half: .still, fileName: "missing.jpg",
            problemWords: ["not found", "no such", "does not exist"]
        ) { _, _, _ in },
    ]

    @Test(
        "bad input from the real pair fails cleanly", .requires(.sharedFixtures),
        arguments: realPairCases)
    func realPairBadInput(_ input: BadInput) throws {
        try check(input, still: SharedFixtures.url(SharedFixtures.Name.livePhotoStill), movie: SharedFixtures.url(SharedFixtures.Name.livePhotoMovie))
    }

    @Test("bad input from a generated pair fails cleanly", arguments: generatedCases)
    func generatedBadInput(_ input: BadInput) throws {
        let sources = try TemporaryDirectory()
        defer { sources.remove() }
        let pair = try GeneratedInputs.pair(in: sources.url, name: "good")
        try check(input, still: pair.still, movie: pair.movie)
    }

    func check(_ input: BadInput, still: URL, movie: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let work = try TemporaryDirectory()
        defer { work.remove() }
        let bad = work.file(input.fileName)
        try input.make(still, movie, bad)
        let output = try work.subdirectory("out")
        let (stillArgument, movieArgument) = input.half == .still ? (bad.path, movie.path) : (still.path, bad.path)

        let run = try GlintProcess.run([
            "edit", stillArgument, movieArgument, "--recipe", Self.recipe,
            "--out", output.path, "--preset", "ultrafast",
        ])
        #expect(run.failedCleanly, "\(input.name): \(run.summary)", sourceLocation: sourceLocation)
        #expect(run.stderrLines.count == 1, "\(input.name): stderr must be one line: \(run.summary)", sourceLocation: sourceLocation)
        let line = run.stderrLines.last.map(String.init) ?? ""
        #expect(line.contains(bad.path), "\(input.name): the error does not name \(bad.path): \(line)", sourceLocation: sourceLocation)
        let problem = line.replacingOccurrences(of: bad.path, with: "").lowercased()
        if !input.problemWords.contains(where: { problem.contains($0) }) {
            let explanation = input.knownBug.map { "\n" + $0 } ?? ""
            Issue.record(
                "\(input.name): the error does not say what is wrong (\(input.problemWords)): \(line)\(explanation)",
                sourceLocation: sourceLocation)
        }
        #expect(
            TemporaryDirectory.contents(of: output).isEmpty,
            "\(input.name): output left behind: \(TemporaryDirectory.contents(of: output))", sourceLocation: sourceLocation)
    }

    @Test("--json gives a JSON error document naming the file and the kind")
    func jsonErrorDocument() throws {
        let work = try TemporaryDirectory()
        defer { work.remove() }
        let pair = try GeneratedInputs.pair(in: work.url, name: "good")
        let text = work.file("notes.mov")
        try Data("not a movie\n".utf8).write(to: text)
        let output = try work.subdirectory("out")

        let run = try GlintProcess.run([
            "edit", pair.still.path, text.path, "--recipe", Self.recipe,
            "--out", output.path, "--preset", "ultrafast", "--json",
        ])
        #expect(run.failedCleanly, "\(run.summary)")
        #expect(run.stderrLines.count == 1, "\(run.summary)")
        let error = try #require(try run.jsonObject()["error"] as? [String: Any], "\(run.summary)")
        #expect(error["file"] as? String == text.path)
        #expect(error["kind"] as? String == "unsupported")
        #expect((error["message"] as? String)?.contains(text.path) == true)
        #expect(TemporaryDirectory.contents(of: output).isEmpty)
    }

    @Test(
        "a bad recipe is refused in one line naming the key",
        arguments: [
            (#"{"exposur":1}"#, "exposur"), (#"{"exposure":100}"#, "exposure"),
            (#"{"crop":{"x":0.5,"y":0,"width":0.8,"height":1}}"#, "crop"), (#"{"rotate":45}"#, "rotate"),
        ])
    func badRecipe(_ recipe: String, key: String) throws {
        let work = try TemporaryDirectory()
        defer { work.remove() }
        let pair = try GeneratedInputs.pair(in: work.url, name: "good")
        let output = try work.subdirectory("out")
        let run = try GlintProcess.run([
            "edit", pair.still.path, pair.movie.path, "--recipe", recipe,
            "--out", output.path, "--preset", "ultrafast",
        ])
        #expect(run.failedCleanly, "\(run.summary)")
        #expect(run.stderrLines.count == 1, "\(run.summary)")
        #expect(run.stderrText.contains("\"\(key)"), "the error does not name \(key): \(run.stderrText)")
        #expect(TemporaryDirectory.contents(of: output).isEmpty)

        let json = try GlintProcess.run([
            "edit", pair.still.path, pair.movie.path, "--recipe", recipe,
            "--out", output.path, "--json",
        ])
        #expect(json.failedCleanly, "\(json.summary)")
        let error = try #require(try json.jsonObject()["error"] as? [String: Any], "\(json.summary)")
        #expect(error["kind"] as? String == "invalidRecipe")
        #expect((error["message"] as? String)?.contains(key) == true)
    }
}
