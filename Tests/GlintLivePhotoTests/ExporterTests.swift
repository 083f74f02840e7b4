import Foundation
import GlintLivePhoto
import GlintMedia
import GlintTestSupport
import Testing

@Suite("Exporter", .suiteTimeLimit)
struct ExporterTests {
    static let ffprobe = ExternalTool.find("ffprobe")

    /// A small synthetic pair in `directory`.
    static func pair(
        in directory: TemporaryDirectory, codec: String = "h264", rotation: Int = 0,
        stillFormat: StillFormat = .jpeg
    ) throws -> (String, String) {
        try PairFixtures.synthetic(in: directory.url, name: "clip") {
            $0.stillWidth = 320
            $0.stillHeight = 240
            $0.frameWidth = 160
            $0.frameHeight = 120
            $0.frameCount = 12
            $0.stillFrameIndex = 6
            $0.codec = codec
            $0.rotation = rotation
            $0.stillFormat = stillFormat
        }
    }

    static func options(_ directory: TemporaryDirectory, recipe: EditRecipe? = nil, strip: Bool = false) -> ExportOptions {
        ExportOptions(
            outputDirectory: directory.file("out").path, recipe: recipe, stripLocation: strip,
            encoding: MovieEncoding(codec: .h264, crf: 23, preset: "ultrafast"))
    }

    @Test(.requires(.ffprobe))
    func hevcMotionBecomesAnH264MP4() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (still, movie) = try Self.pair(in: directory, codec: "hevc")
        let result = try Exporter.export(stillPath: still, moviePath: movie, as: .mp4, options: Self.options(directory))
        let file = try #require(result.files.first)
        #expect(result.files.count == 1)
        #expect(file.kind == .mp4)
        #expect(file.path.hasSuffix("/out/clip.mp4"))
        #expect(result.notes.contains { $0.contains("transcoded to H.264") })
        let run = try ExternalTool.run(
            try #require(Self.ffprobe),
            [
                "-v", "error", "-show_entries", "stream=codec_name,nb_frames",
                "-of", "csv=p=0", file.path,
            ])
        let streams = run.stdoutText.split(separator: "\n").map(String.init)
        #expect(streams.count == 2)
        #expect(streams.first == "h264,12")
        #expect(streams.last?.hasPrefix("aac,") == true)
        #expect(Int64(try Data(contentsOf: URL(fileURLWithPath: file.path)).count) == file.size)
        // Nothing but the output is left in the directory.
        #expect(TemporaryDirectory.contents(of: directory.file("out")) == ["clip.mp4"])
    }

    @Test func motionPhotoWithARecipeCarriesTheEditedStillAndFrames() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (still, movie) = try Self.pair(in: directory, rotation: 90)
        let recipe = EditRecipe(crop: Rect(x: 0.1, y: 0.1, width: 0.5, height: 0.8))
        let result = try Exporter.export(stillPath: still, moviePath: movie, as: .motionPhoto, options: Self.options(directory, recipe: recipe))
        let file = try #require(result.files.first)
        #expect(file.kind == .motionPhoto)
        #expect(file.path.hasSuffix("/out/clip.MP.jpg"))
        #expect(TemporaryDirectory.contents(of: directory.file("out")) == ["clip.MP.jpg"])

        let photo = try #require(try MotionPhotoReader.read(path: file.path).motionPhoto)
        #expect(photo.video.frameCount == 12)
        #expect(photo.video.decodedFrames == 12)
        #expect(photo.videoOffset + photo.videoLength == file.size)
        // The still and the frames show the same crop of the displayed picture.
        let primary = try JPEGStill(path: file.path)
        let stillAspect = Double(primary.header.width) / Double(primary.header.height)
        let frameAspect = Double(photo.video.width) / Double(photo.video.height)
        #expect(abs(stillAspect - frameAspect) < 0.05, "still \(stillAspect), frames \(frameAspect)")
        let source = try QuickTimeMovie(path: movie)
        let expected = try #require(source.stillImageTime)
        #expect(abs(Double(try #require(photo.presentationTimestampUs)) / 1_000_000 - expected) < 0.002)
    }

    @Test func heicPairBecomesAHEICMotionPhoto() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (still, movie) = try Self.pair(in: directory, codec: "hevc", stillFormat: .heic)
        var options = Self.options(directory)
        options.motionCodec = .copy
        options.motionContainer = .heic
        let result = try Exporter.export(stillPath: still, moviePath: movie, as: .motionPhoto, options: options)
        let file = try #require(result.files.first)
        #expect(file.path.hasSuffix("/out/clip.MP.heic"))
        let photo = try #require(try MotionPhotoReader.read(path: file.path).motionPhoto)
        #expect(photo.source == .heifBox)
        #expect(photo.primaryMime == "image/heic")
        #expect(photo.video.codec == "hevc", "HEVC video is copied into the Motion Photo with --motion-codec copy")
        #expect(photo.video.audioCodec == "aac")
        #expect(photo.warnings.isEmpty)
        // The primary image is the still's coded image, untouched.
        let source = try HEICStill(path: still)
        let primary = try HEICStill(path: file.path)
        #expect(try primary.decode() == source.decode())
        #expect(primary.exif?.contentIdentifier == source.exif?.contentIdentifier)
    }

    @Test func pairWithoutRecipeIsCopiedAndStillPairs() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (still, movie) = try Self.pair(in: directory)
        let result = try Exporter.export(stillPath: still, moviePath: movie, as: .pair, options: Self.options(directory))
        #expect(result.files.map(\.kind) == [.still, .movie])
        #expect(try Data(contentsOf: URL(fileURLWithPath: result.files[0].path)) == Data(contentsOf: URL(fileURLWithPath: still)))
        #expect(try Data(contentsOf: URL(fileURLWithPath: result.files[1].path)) == Data(contentsOf: URL(fileURLWithPath: movie)))
        let pairing = LivePhotoPairing.pair(result.files.map { MediaInspector.inspect($0.path) })
        #expect(pairing.livePhotos.count == 1)
    }

    @Test func stillWithARecipeKeepsTheIdentifier() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (still, movie) = try Self.pair(in: directory)
        let result = try Exporter.export(
            stillPath: still, moviePath: movie, as: .still,
            options: Self.options(directory, recipe: EditRecipe(rotate: 90)))
        let output = try JPEGStill(path: try #require(result.files.first).path)
        #expect(output.header.width == 240 && output.header.height == 320)
        #expect(output.exif?.contentIdentifier == (try JPEGStill(path: still)).exif?.contentIdentifier)
    }

    @Test(.requires(.fixture(SharedFixtures.Name.livePhotoStill)))
    func editedPairWithoutLocationStillPairs() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let result = try Exporter.export(
            stillPath: SharedFixtures.livePhotoStill, moviePath: SharedFixtures.livePhotoMovie, as: .pair,
            options: Self.options(directory, recipe: EditRecipe(exposure: 0.3, maxDimension: 640), strip: true))
        #expect(result.files.map(\.kind) == [.still, .movie])
        let still = try JPEGStill(path: result.files[0].path)
        let movie = try QuickTimeMovie(path: result.files[1].path)
        #expect(max(still.header.width, still.header.height) == 640)
        #expect(still.exif?.hasGPS == false)
        #expect(!MovieLocationRemover.hasLocation(movie))
        #expect(movie.stillImageTime != nil)
        #expect(LivePhotoPairing.pair(result.files.map { MediaInspector.inspect($0.path) }).livePhotos.count == 1)
        #expect(TemporaryDirectory.contents(of: directory.file("out")) == ["IMG_train.jpg", "IMG_train.mov"])
    }

    @Test func failedExportLeavesNothingBehind() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (still, movie) = try Self.pair(in: directory)
        // The movie is cut in half after pairing: the MP4 half of the export fails.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: movie))
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: movie))
        let cases: [(ExportFormat, ExportOptions)] = [
            (.motionPhoto, Self.options(directory)),
            (.mp4, Self.options(directory)),
            (.pair, Self.options(directory, recipe: EditRecipe(exposure: 0.5))),
            // The still is written first, then the movie fails: the still must go too.
            (.pair, Self.options(directory, strip: true)),
        ]
        for (format, options) in cases {
            #expect(throws: MediaError.self) { try Exporter.export(stillPath: still, moviePath: movie, as: format, options: options) }
            #expect(TemporaryDirectory.contents(of: directory.file("out")).isEmpty, "\(format) left files behind")
        }
    }

    @Test func filesThatDoNotPairAreRefused() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (still, _) = try Self.pair(in: directory)
        let other = try PairFixtures.synthetic(in: directory.url, name: "other") {
            $0.stillWidth = 64
            $0.stillHeight = 48
            $0.frameWidth = 32
            $0.frameHeight = 24
            $0.frameCount = 2
            $0.stillFrameIndex = 1
            $0.movieIdentifier = ContentIdentifier("11111111-2222-3333-4444-555555555555")
        }
        let error = try #require(throws: MediaError.self) { try Exporter.livePhotos(in: [still, other.1]) }
        #expect(error.kind == .invalidArgument)
        #expect(error.problem.contains("not half of a Live Photo"))
    }
}
