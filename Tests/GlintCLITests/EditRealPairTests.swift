import Foundation
import GlintLivePhoto
import GlintTestSupport
import Testing

/// `glint edit` on the real iPhone 6s Live Photo: one edit (a few seconds in debug), every check
/// made on its output.
@Suite("glint edit on the real iPhone pair", .suiteTimeLimit)
struct EditRealPairTests {
    static let recipe = #"{"exposure":0.5,"crop":{"x":0.1,"y":0.1,"width":0.8,"height":0.8}}"#

    @Test(
        "the edited pair keeps its identity, metadata, frames and audio, and still pairs",
        .requires(.sharedFixtures, .exiftool, .ffprobe, .ffmpeg))
    func editedPairKeepsEverything() throws {
        let work = try TemporaryDirectory()
        defer { work.remove() }
        let output = work.file("edited")
        let inputMovie = SharedFixtures.url(SharedFixtures.Name.livePhotoMovie)

        let run = try GlintProcess.run([
            "edit", CLIFixtures.iphoneStill, CLIFixtures.iphoneMovie, "--recipe", Self.recipe,
            "--out", output.path, "--preset", "ultrafast", "--json",
        ])
        try #require(run.succeeded, "\(run.summary)")
        #expect(run.stderrText.isEmpty, "a successful --json edit should write nothing to stderr: \(run.stderrText)")
        let result = try JSONDecoder().decode(LivePhotoEditor.Result.self, from: run.stdout)
        #expect(result.contentIdentifier.rawValue == CLIFixtures.iphoneIdentifier)
        #expect(result.identifierSource == .kept)
        #expect(result.frameCount == 22)

        // Outputs under the input base names, and nothing else.
        let still = output.appendingPathComponent("IMG_train.jpg")
        let movie = output.appendingPathComponent("IMG_train.mov")
        #expect(TemporaryDirectory.contents(of: output) == ["IMG_train.jpg", "IMG_train.mov"])
        #expect(URL(fileURLWithPath: result.stillPath).standardizedFileURL.path == still.standardizedFileURL.path)
        #expect(URL(fileURLWithPath: result.moviePath).standardizedFileURL.path == movie.standardizedFileURL.path)

        try checkPairing(output: output, still: still, movie: movie)
        try checkExiftool(still: still, movie: movie)
        try checkFFmpeg(inputMovie: inputMovie, movie: movie)
    }

    /// `glint inspect` on the output directory pairs the two outputs, and their displayed shapes agree.
    func checkPairing(output: URL, still: URL, movie: URL) throws {
        let paths = TemporaryDirectory.contents(of: output).map { output.appendingPathComponent($0).path }
        let run = try GlintProcess.run(["inspect"] + paths + ["--json"])
        #expect(run.succeeded, "\(run.summary)")
        let document = try InspectDocument.decode(run)
        try #require(document.livePhotos.count == 1, "the outputs do not pair: \(run.stdoutText)")
        let photo = document.livePhotos[0]
        #expect(photo.contentIdentifier.rawValue == CLIFixtures.iphoneIdentifier)
        #expect(photo.stillPath == still.path && photo.moviePath == movie.path)
        #expect(abs((photo.stillImageTime ?? -1) - 0.48) <= 1.0 / 600, "still image time \(String(describing: photo.stillImageTime))")
        #expect(document.unpaired.isEmpty)

        let stillReport = try #require(document.files.first { $0.path == still.path }?.still)
        let movieReport = try #require(document.files.first { $0.path == movie.path }?.movie)
        #expect(stillReport.hasGPS)
        #expect(movieReport.frameCount == 22)
        let stillAspect = Self.displayAspect(stillReport)
        let movieAspect = Self.displayAspect(movieReport)
        #expect(
            abs(stillAspect / movieAspect - 1) <= 0.003,
            "still aspect \(stillAspect) (\(stillReport.width)x\(stillReport.height)) vs movie aspect \(movieAspect) (\(movieReport))")
    }

    /// exiftool sees the identifier in both halves, the still image time, and the kept metadata.
    func checkExiftool(still: URL, movie: URL) throws {
        let stillTags = try MediaTools.tags(still)
        let stillIdentifier = (MediaTools.value("ContentIdentifier", in: stillTags) ?? MediaTools.value("MediaGroupUUID", in: stillTags)) as? String
        #expect(stillIdentifier == CLIFixtures.iphoneIdentifier, "still tags: \(stillTags.keys.sorted())")
        #expect(MediaTools.value("GPSLatitude", in: stillTags) != nil, "the still lost its GPS position")
        #expect(MediaTools.value("Orientation", in: stillTags) != nil, "the still lost its Orientation tag")

        let movieTags = try MediaTools.tags(movie)
        #expect(movieTags["Keys:ContentIdentifier"] as? String == CLIFixtures.iphoneIdentifier)
        let stillImageTime = movieTags.first { $0.key.hasSuffix(":StillImageTime") }
        #expect(stillImageTime != nil, "exiftool -ee finds no StillImageTime in the movie")
        #expect(movieTags["Keys:Make"] as? String == "Apple")
        #expect(movieTags["Keys:Model"] as? String == "iPhone 6s")
        #expect(movieTags["Keys:CreationDate"] != nil, "the movie lost Keys:CreationDate")
        #expect(movieTags["Keys:GPSCoordinates"] != nil, "the movie lost Keys:GPSCoordinates")
    }

    /// ffprobe counts every frame, and the audio packets are carried over byte for byte.
    func checkFFmpeg(inputMovie: URL, movie: URL) throws {
        #expect(try MediaTools.videoFrameCount(movie) == 22)
        let original = try MediaTools.audioPackets(inputMovie)
        let edited = try MediaTools.audioPackets(movie)
        #expect(!original.isEmpty)
        #expect(original == edited, "audio packets differ: \(original.count) bytes in, \(edited.count) bytes out")
    }

    /// Width over height as displayed: the still after its EXIF orientation.
    static func displayAspect(_ still: StillReport) -> Double {
        let (width, height) = still.rotation % 180 == 0 ? (still.width, still.height) : (still.height, still.width)
        return Double(width) / Double(height)
    }

    /// Width over height as displayed: the movie's clean aperture (or coded size) after its matrix.
    static func displayAspect(_ movie: MovieReport) -> Double {
        let width = movie.cleanAperture?.width ?? Double(movie.width)
        let height = movie.cleanAperture?.height ?? Double(movie.height)
        return movie.rotation % 180 == 0 ? width / height : height / width
    }
}
