import Foundation
import GlintLivePhoto
import GlintTestSupport
import Testing

/// The identity rules of `glint edit`, on pairs made by `glint fixture`: a half without an
/// identifier takes the other half's, and a pair with none gets a fresh one in both halves.
@Suite("glint edit identity rules", .suiteTimeLimit)
struct EditIdentityTests {
    static let recipe = #"{"exposure":0.5}"#

    /// What `glint fixture --json` prints.
    struct FixtureDocument: Decodable {
        var still: String
        var movie: String
        var contentIdentifier: String?
    }

    /// Generates a pair with `options`, returning its paths and the identifier it was given.
    func generate(in directory: URL, name: String, _ options: [String]) throws -> (still: URL, movie: URL, identifier: String?) {
        let run = try GlintProcess.run(["fixture", "--out", directory.path, "--name", name, "--json"] + GeneratedInputs.small + options)
        try #require(run.succeeded, "\(run.summary)")
        let document = try JSONDecoder().decode(FixtureDocument.self, from: run.stdout)
        return (URL(fileURLWithPath: document.still), URL(fileURLWithPath: document.movie), document.contentIdentifier)
    }

    /// Edits `still` + `movie` into `output` and decodes the JSON result.
    /// The JSON must say where the identifier came from in the words scripts match on
    /// (`"from-movie"`, `"created"`, ...), which the decoded enum alone would not show.
    func edit(_ still: URL, _ movie: URL, into output: URL) throws -> LivePhotoEditor.Result {
        let run = try GlintProcess.run([
            "edit", still.path, movie.path, "--recipe", Self.recipe, "--out", output.path,
            "--preset", "ultrafast", "--json",
        ])
        try #require(run.succeeded, "\(run.summary)")
        let result = try JSONDecoder().decode(LivePhotoEditor.Result.self, from: run.stdout)
        #expect(try run.jsonObject()["identifierSource"] as? String == result.identifierSource.rawValue)
        return result
    }

    /// `glint inspect --json` on `paths`.
    func inspect(_ paths: [URL]) throws -> InspectDocument {
        let run = try GlintProcess.run(["inspect"] + paths.map(\.path) + ["--json"])
        #expect(run.succeeded, "\(run.summary)")
        return try InspectDocument.decode(run)
    }

    /// The identifier exiftool reads from the still's Apple MakerNote and from the movie's Keys.
    func exiftoolIdentifiers(still: URL, movie: URL) throws -> (still: String?, movie: String?) {
        let stillTags = try MediaTools.tags(still)
        let movieTags = try MediaTools.tags(movie)
        let stillIdentifier = (MediaTools.value("ContentIdentifier", in: stillTags) ?? MediaTools.value("MediaGroupUUID", in: stillTags)) as? String
        return (stillIdentifier, movieTags["Keys:ContentIdentifier"] as? String)
    }

    @Test(
        "a still without a MakerNote takes the movie's identifier", .requires(.exiftool),
        arguments: [[String](), ["--rotation", "90", "--codec", "hevc"]])
    func stillTakesTheMovieIdentifier(_ variant: [String]) throws {
        let work = try TemporaryDirectory()
        defer { work.remove() }
        let input = try generate(in: work.url, name: "clip", ["--still-without-identifier"] + variant)
        let identifier = try #require(input.identifier)

        let before = try inspect([input.still, input.movie])
        #expect(before.livePhotos.isEmpty, "a still without an identifier must not pair: \(before.livePhotos)")
        let stillReason = try #require(before.unpaired.first { $0.path == input.still.path }?.reason)
        #expect(stillReason.contains("no content identifier"), "\(stillReason)")
        #expect(before.files.first { $0.path == input.still.path }?.still?.hasAppleMakerNote == false)

        let output = work.file("out")
        let result = try edit(input.still, input.movie, into: output)
        #expect(result.identifierSource == .fromMovie)
        #expect(result.identifierSource.rawValue == "from-movie")
        #expect(result.contentIdentifier.rawValue == identifier)
        #expect(result.createdMakerNote)

        let stillOut = URL(fileURLWithPath: result.stillPath)
        let movieOut = URL(fileURLWithPath: result.moviePath)
        #expect(stillOut.lastPathComponent == "clip.jpg" && movieOut.lastPathComponent == "clip.mov")
        let tags = try exiftoolIdentifiers(still: stillOut, movie: movieOut)
        #expect(tags.still == identifier, "exiftool reads \(String(describing: tags.still)) from the new MakerNote")
        #expect(tags.movie == identifier)
        let after = try inspect([stillOut, movieOut])
        try #require(after.livePhotos.count == 1, "the outputs do not pair: \(after.unpaired)")
        #expect(after.livePhotos[0].contentIdentifier.rawValue == identifier)
        #expect(after.files.first { $0.path == stillOut.path }?.still?.hasAppleMakerNote == true)
    }

    @Test("a movie without an identifier takes the still's")
    func movieTakesTheStillIdentifier() throws {
        let work = try TemporaryDirectory()
        defer { work.remove() }
        let input = try generate(in: work.url, name: "clip", ["--movie-without-identifier"])
        let identifier = try #require(input.identifier)
        #expect(try inspect([input.still, input.movie]).livePhotos.isEmpty)

        let result = try edit(input.still, input.movie, into: work.file("out"))
        #expect(result.identifierSource == .fromStill)
        #expect(result.contentIdentifier.rawValue == identifier)
        let after = try inspect([URL(fileURLWithPath: result.stillPath), URL(fileURLWithPath: result.moviePath)])
        #expect(after.livePhotos.map(\.contentIdentifier.rawValue) == [identifier])
    }

    @Test("a pair with no identifier at all gets a fresh UUID in both halves", .requires(.exiftool))
    func freshIdentifierForBoth() throws {
        let work = try TemporaryDirectory()
        defer { work.remove() }
        let input = try generate(in: work.url, name: "plain", ["--identifier", "none"])
        #expect(input.identifier == nil)
        let before = try inspect([input.still, input.movie])
        #expect(before.livePhotos.isEmpty)
        #expect(before.unpaired.count == 2)

        let result = try edit(input.still, input.movie, into: work.file("out"))
        #expect(result.identifierSource == .created)
        #expect(result.identifierSource.rawValue == "created")
        let identifier = result.contentIdentifier.rawValue
        #expect(
            UUID(uuidString: identifier) != nil && identifier.count == 36 && identifier == identifier.uppercased(),
            "not an uppercase UUID: \(identifier)")

        let stillOut = URL(fileURLWithPath: result.stillPath)
        let movieOut = URL(fileURLWithPath: result.moviePath)
        let tags = try exiftoolIdentifiers(still: stillOut, movie: movieOut)
        #expect(tags.still == identifier)
        #expect(tags.movie == identifier)
        let after = try inspect([stillOut, movieOut])
        #expect(after.livePhotos.map(\.contentIdentifier.rawValue) == [identifier])

        let again = try edit(input.still, input.movie, into: work.file("again"))
        #expect(again.contentIdentifier.rawValue != identifier, "each edit of an unidentified pair should make a new identifier")
    }

    @Test("halves with different identifiers are refused, and nothing is written")
    func differentIdentifiersAreRefused() throws {
        let work = try TemporaryDirectory()
        defer { work.remove() }
        let first = try generate(in: work.subdirectory("a"), name: "clip", [])
        let second = try generate(in: work.subdirectory("b"), name: "clip", [])
        let output = try work.subdirectory("out")
        let run = try GlintProcess.run([
            "edit", first.still.path, second.movie.path, "--recipe", Self.recipe,
            "--out", output.path, "--preset", "ultrafast",
        ])
        #expect(run.failedCleanly, "\(run.summary)")
        #expect(run.stderrLines.count == 1, "\(run.summary)")
        #expect(run.stderrText.contains(first.still.path))
        for identifier in [first.identifier, second.identifier].compactMap({ $0 }) {
            #expect(run.stderrText.contains(identifier), "the error does not name \(identifier): \(run.stderrText)")
        }
        #expect(TemporaryDirectory.contents(of: output).isEmpty)
    }
}
