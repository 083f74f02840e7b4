import Foundation
import GlintLivePhoto
import GlintTestSupport
import Testing

/// The JSON document `glint inspect --json` prints, decoded with the library's own Codable shapes.
struct InspectDocument: Decodable {
    var files: [MediaFileReport]
    var livePhotos: [LivePhoto]
    var unpaired: [UnpairedFile]

    static func decode(_ run: ProcessOutcome, sourceLocation: SourceLocation = #_sourceLocation) throws -> InspectDocument {
        do {
            return try JSONDecoder().decode(InspectDocument.self, from: run.stdout)
        } catch {
            Issue.record(
                "stdout of \(run.commandLine) is not an inspect document: \(error)\n\(run.summary)",
                sourceLocation: sourceLocation)
            throw error
        }
    }
}

@Suite("glint inspect", .suiteTimeLimit)
struct InspectCommandTests {
    @Test(
        "the iPhone 6s pair is one Live Photo with its identifier, still time, frames and LPCM audio",
        .requires(.sharedFixtures))
    func iphonePairIsOneLivePhoto() throws {
        let run = try GlintProcess.run(["inspect"] + CLIFixtures.glob("livephoto-iphone6s") + ["--json"])
        #expect(run.succeeded, "\(run.summary)")
        let document = try InspectDocument.decode(run)

        try #require(document.livePhotos.count == 1, "expected exactly one Live Photo: \(run.stdoutText)")
        let photo = document.livePhotos[0]
        #expect(photo.contentIdentifier.rawValue == CLIFixtures.iphoneIdentifier)
        #expect(photo.stillPath == CLIFixtures.iphoneStill)
        #expect(photo.moviePath == CLIFixtures.iphoneMovie)
        let stillTime = try #require(photo.stillImageTime)
        #expect(abs(stillTime - 0.48) <= 1.0 / 600)
        #expect(document.unpaired.isEmpty)

        let movie = try #require(document.files.first { $0.path == CLIFixtures.iphoneMovie }?.movie)
        #expect(movie.frameCount == 22)
        #expect(movie.contentIdentifier?.rawValue == CLIFixtures.iphoneIdentifier)
        let audio = try #require(movie.audio, "the movie's audio track is missing from the report")
        #expect(audio.codec.hasPrefix("LPCM"))
        #expect(audio.channels == 1)
        #expect(audio.sampleRate == 44_100)

        let still = try #require(document.files.first { $0.path == CLIFixtures.iphoneStill }?.still)
        #expect(still.contentIdentifier?.rawValue == CLIFixtures.iphoneIdentifier)
    }

    @Test(
        "the same fields are in the raw JSON, under the names a script would use",
        .requires(.sharedFixtures))
    func rawJSONFieldNames() throws {
        let run = try GlintProcess.run(["inspect"] + CLIFixtures.glob("livephoto-iphone6s") + ["--json"])
        let object = try run.jsonObject()
        let photos = try #require(object["livePhotos"] as? [[String: Any]])
        try #require(photos.count == 1)
        #expect(photos[0]["contentIdentifier"] as? String == CLIFixtures.iphoneIdentifier)
        let time = try #require(photos[0]["stillImageTime"] as? Double)
        #expect(abs(time - 0.48) <= 1.0 / 600)
        let files = try #require(object["files"] as? [[String: Any]])
        let movie = try #require(files.compactMap { $0["movie"] as? [String: Any] }.first)
        #expect(movie["frameCount"] as? Int == 22)
        let audio = try #require(movie["audio"] as? [String: Any])
        #expect(audio["channels"] as? Int == 1)
        #expect(audio["sampleRate"] as? Double == 44_100)
        #expect((audio["codec"] as? String)?.hasPrefix("LPCM") == true)
    }

    @Test(
        "mismatched halves stay unpaired, and the reasons name both identifiers",
        .requires(.sharedFixtures))
    func mismatchedPairIsNotALivePhoto() throws {
        let paths = try CLIFixtures.glob("livephoto-mismatched")
        let run = try GlintProcess.run(["inspect"] + paths + ["--json"])
        #expect(run.succeeded, "\(run.summary)")
        let document = try InspectDocument.decode(run)
        #expect(document.livePhotos.isEmpty)
        #expect(Set(document.unpaired.map(\.path)) == Set(paths))
        let identifiers = document.files.compactMap { ($0.still?.contentIdentifier ?? $0.movie?.contentIdentifier)?.rawValue }
        try #require(identifiers.count == 2 && Set(identifiers).count == 2, "expected two different identifiers: \(run.stdoutText)")
        for file in document.unpaired {
            for identifier in identifiers {
                #expect(file.reason.contains(identifier), "reason for \(file.path) does not mention \(identifier): \(file.reason)")
            }
        }

        let text = try GlintProcess.run(["inspect"] + paths)
        #expect(text.succeeded, "\(text.summary)")
        #expect(text.stdoutText.contains("No Live Photos."))
        for identifier in identifiers { #expect(text.stdoutText.contains(identifier)) }
    }

    @Test("a missing path fails and names the file")
    func missingPath() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let missing = directory.file("no-such-photo.jpg").path
        try expectUnreadable(missing)
    }

    @Test("a zero-byte file fails and names the file")
    func zeroByteFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let empty = directory.file("empty.jpg")
        try Data().write(to: empty)
        try expectUnreadable(empty.path, problem: "empty")
    }

    /// `glint inspect PATH` and `glint inspect PATH --json` both fail cleanly and name `path`.
    func expectUnreadable(_ path: String, problem: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let text = try GlintProcess.run(["inspect", path])
        #expect(text.failedCleanly, "\(text.summary)", sourceLocation: sourceLocation)
        #expect((text.stdoutText + text.stderrText).contains(path), "\(text.summary)", sourceLocation: sourceLocation)

        let json = try GlintProcess.run(["inspect", path, "--json"])
        #expect(json.failedCleanly, "\(json.summary)", sourceLocation: sourceLocation)
        let document = try InspectDocument.decode(json, sourceLocation: sourceLocation)
        let report = try #require(document.files.first, sourceLocation: sourceLocation)
        #expect(report.path == path, sourceLocation: sourceLocation)
        let error = try #require(report.error, "no error in the report for \(path)", sourceLocation: sourceLocation)
        #expect(error.contains(path), sourceLocation: sourceLocation)
        if let problem { #expect(error.contains(problem), "\(error)", sourceLocation: sourceLocation) }
        #expect(json.stderrLines.count == 1 && json.stderrText.contains(path), "\(json.summary)", sourceLocation: sourceLocation)
        #expect(document.livePhotos.isEmpty, sourceLocation: sourceLocation)
    }
}
