import Foundation
import GlintMedia
import GlintTestSupport
import Testing

@testable import GlintLivePhoto

/// HEIC + HEVC pairs, edited exactly like JPEG pairs: same picture pipeline, same identity rules,
/// HEIC in, HEIC out.
@Suite("HEIC Live Photo edit", .suiteTimeLimit)
struct HEICPairEditTests {
    static let recipe = EditRecipe(exposure: 0.5, crop: NormalizedRect(x: 0.1, y: 0.1, width: 0.8, height: 0.8))
    static let options = LivePhotoEditor.Options(
        encoding: MovieEncoding(codec: .hevc, crf: 18, preset: "ultrafast"),
        heic: HEICEncoder.Settings(quality: 85, preset: "ultrafast"))

    /// A synthetic HEIC + HEVC pair.
    static func heicPair(in directory: URL, name: String = "pair", configure: (inout SyntheticLivePhoto.Options) -> Void = { _ in })
        throws -> (still: String, movie: String)
    {
        try PairFixtures.synthetic(in: directory, name: name) {
            $0.stillFormat = .heic
            $0.codec = "hevc"
            configure(&$0)
        }
    }

    @Test("the edited HEIC still and the edited frame at the still time stay the same picture", arguments: [0, 90])
    func stillAndFrameChangeAlike(rotation: Int) throws {
        let directory = try TemporaryDirectory("glint-heic-pair")
        defer { directory.remove() }
        let (still, movie) = try Self.heicPair(in: directory.url) { $0.rotation = rotation }
        let before = try EditConsistencyTests.stillToFrameDifference(still: still, movie: movie)
        #expect(before < 3, "the generated HEIC still and its frame differ by \(before) ΔE00 before any edit")

        let result = try LivePhotoEditor.edit(
            stillPath: still, moviePath: movie, recipe: Self.recipe,
            outputDirectory: directory.file("out").path, options: Self.options)
        #expect(URL(fileURLWithPath: result.stillPath).lastPathComponent == "pair.heic")
        #expect(result.identifierSource == .kept)
        let edited = try StillImageReader.read(path: result.stillPath)
        #expect(edited.format == .heic, "a HEIC input gives a HEIC output")
        #expect(edited.width == result.stillWidth && edited.height == result.stillHeight)
        #expect(edited.contentIdentifier == result.contentIdentifier)

        let difference = try EditConsistencyTests.stillToFrameDifference(still: result.stillPath, movie: result.moviePath)
        #expect(difference < 3, "edited HEIC still and edited frame differ by \(difference) ΔE00")
        // The edit is visible: the unedited still is far from the edited frame.
        let frame = try DisplayedPicture.movieFrame(path: result.moviePath, at: result.stillImageTime ?? 0).image
        let unedited = try DisplayedPicture.still(path: still, width: frame.width, height: frame.height)
        #expect(ColourDifference.meanCIEDE2000(unedited, frame, step: 2) > 5, "the edit must be visible")

        // Still and movie keep one display aspect ratio after the crop.
        let movieReport = try #require(MediaInspector.inspect(result.moviePath).movie)
        let movieAspect =
            movieReport.rotation % 180 == 0
            ? Double(movieReport.width) / Double(movieReport.height)
            : Double(movieReport.height) / Double(movieReport.width)
        let stillAspect = Double(result.stillWidth) / Double(result.stillHeight)
        #expect(abs(stillAspect / movieAspect - 1) < 0.01, "still \(result.stillWidth)x\(result.stillHeight), movie \(movieReport)")
    }

    @Test(
        "the iPhone 12 Pro HEIC (no identifier) with an unidentified clip: one fresh identifier in both, metadata kept",
        .requires(.fixture(SharedFixtures.Name.heicStill)))
    func realHEICGetsAFreshIdentifier() throws {
        let directory = try TemporaryDirectory("glint-heic-pair")
        defer { directory.remove() }
        // A portrait movie, like the portrait still: 480x360 frames turned 90 degrees.
        let (_, movie) = try Self.heicPair(in: directory.url, name: "IMG_0001") {
            $0.stillIdentifier = nil
            $0.movieIdentifier = nil
            $0.rotation = 90
            $0.frameCount = 6
            $0.stillFrameIndex = 3
        }
        let still = directory.file("IMG_0001.heic").path
        try FileManager.default.removeItem(atPath: still)
        try FileManager.default.copyItem(atPath: SharedFixtures.heicStill, toPath: still)
        let input = try HEICStill(path: still)

        let result = try LivePhotoEditor.edit(
            stillPath: still, moviePath: movie, recipe: Self.recipe,
            outputDirectory: directory.file("out").path, options: Self.options)
        #expect(result.identifierSource == .created)
        #expect(!result.createdMakerNote, "the iPhone's own Apple MakerNote takes the identifier")
        let output = try HEICStill(path: result.stillPath)
        #expect(output.contentIdentifier == result.contentIdentifier)
        #expect(try QuickTimeMovie(path: result.moviePath).contentIdentifier == result.contentIdentifier)
        // 80% of 3024x4032, upright, EXIF orientation 1, the iPhone's MakerNote entries, GPS and profile kept.
        #expect(output.width == 2420 && output.height == 3226)
        #expect(output.storedExifOrientation == .up)
        let inputEntries = try #require(input.exif?.makerNote?.apple?.directory.entries.count)
        #expect(output.exif?.makerNote?.apple?.directory.entries.count == inputEntries + 1)
        #expect(output.exif?.hasGPS == true)
        #expect(output.iccProfile == input.iccProfile)
        #expect(output.exif?.pixelDimensions?.width == 2420)

        let pairing = LivePhotoPairing.pair([result.stillPath, result.moviePath].map(MediaInspector.inspect))
        #expect(pairing.livePhotos.map(\.contentIdentifier) == [result.contentIdentifier])
    }

    @Test("a HEIC without EXIF takes the movie's identifier in a new MakerNote")
    func heicWithoutMakerNoteTakesTheMoviesIdentifier() throws {
        let directory = try TemporaryDirectory("glint-heic-pair")
        defer { directory.remove() }
        let (still, movie) = try Self.heicPair(in: directory.url) {
            $0.stillIdentifier = nil
            $0.frameCount = 6
            $0.stillFrameIndex = 2
        }
        #expect(try HEICStill(path: still).exif?.makerNote == nil)
        let result = try LivePhotoEditor.edit(
            stillPath: still, moviePath: movie, recipe: EditRecipe(exposure: 0.3),
            outputDirectory: directory.file("out").path, options: Self.options)
        #expect(result.identifierSource == .fromMovie)
        #expect(result.createdMakerNote)
        #expect(try HEICStill(path: result.stillPath).contentIdentifier?.rawValue == "0F3E1C2A-5B6D-4E7F-8A9B-0C1D2E3F4A5B")
    }

    @Test("a HEIC and a movie with different identifiers are refused, and nothing is written")
    func differentIdentifiersAreRefused() throws {
        let directory = try TemporaryDirectory("glint-heic-pair")
        defer { directory.remove() }
        let (still, movie) = try Self.heicPair(in: directory.url) {
            $0.movieIdentifier = ContentIdentifier("11111111-2222-3333-4444-555555555555")
            $0.frameCount = 4
            $0.stillFrameIndex = 1
        }
        let out = directory.file("out")
        do {
            _ = try LivePhotoEditor.edit(
                stillPath: still, moviePath: movie, recipe: EditRecipe(), outputDirectory: out.path,
                options: Self.options)
            Issue.record("halves with different identifiers were edited")
        } catch let error as MediaError {
            #expect(error.file == still && error.kind == .invalidArgument)
            #expect(error.problem.contains("11111111-2222-3333-4444-555555555555") && error.problem.contains("0F3E1C2A-5B6D-4E7F-8A9B-0C1D2E3F4A5B"))
        }
        #expect((try? FileManager.default.contentsOfDirectory(atPath: out.path))?.isEmpty ?? true)
    }

    @Test("a damaged HEIC fails the edit with one error naming it, and nothing is written")
    func damagedHEICIsRefused() throws {
        let directory = try TemporaryDirectory("glint-heic-pair")
        defer { directory.remove() }
        let (still, movie) = try Self.heicPair(in: directory.url) {
            $0.frameCount = 4
            $0.stillFrameIndex = 1
        }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: still))
        let damaged = directory.file("damaged.heic").path
        try bytes.prefix(bytes.count * 2 / 3).write(to: URL(fileURLWithPath: damaged))
        let out = directory.file("out")
        #expect {
            try LivePhotoEditor.edit(
                stillPath: damaged, moviePath: movie, recipe: EditRecipe(exposure: 1), outputDirectory: out.path,
                options: Self.options)
        } throws: { error in
            guard let error = error as? MediaError else { return false }
            return error.file == damaged && [.truncated, .corrupt].contains(error.kind)
        }
        #expect((try? FileManager.default.contentsOfDirectory(atPath: out.path))?.isEmpty ?? true)
    }

    @Test("StillEditor keeps a HEIC's nclx profile, ICC profile and XMP, and writes HEIC")
    func colourProfileAndXMPSurvive() throws {
        let directory = try TemporaryDirectory("glint-heic-pair")
        defer { directory.remove() }
        let xmp = Array(#"<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>"#.utf8)
        // A real profile: a colour edit reads it (LittleCMS refuses made-up bytes).
        let icc = try ColourSpace.displayP3.iccProfile()
        let picture = SyntheticScene.render(width: 400, height: 300, time: 0.5)
        let source = try HEICEncoder.encode(
            picture,
            metadata: .init(
                exif: .minimal(), xmp: xmp,
                colourProfile: HEICColourProfile(icc: icc, nclx: .displayP3)),
            settings: .init(quality: 85, preset: "ultrafast"))
        let path = directory.file("p3.heic").path
        try AtomicFileWriter.write(source, to: path)

        let still = try StillImageReader.read(path: path)
        let result = try StillEditor.edit(
            still, recipe: EditRecipe(exposure: 0.5, rotate: 90, maxDimension: 200),
            contentIdentifier: nil, heic: .init(quality: 85, preset: "ultrafast"))
        try AtomicFileWriter.write(result.bytes, to: directory.file("edited.heic").path)
        let edited = try HEICStill(path: directory.file("edited.heic").path)
        #expect(edited.width == 150 && edited.height == 200, "turned 90 degrees and scaled to 200 on the long side")
        #expect(edited.nclxProfile == .displayP3)
        #expect(edited.iccProfile == icc)
        #expect(edited.xmpPacket == xmp)
        #expect(edited.exif?.pixelDimensions?.width == 150)
        #expect(result.contentIdentifier == nil && !result.createdMakerNote)
    }
}
