import Foundation
import GlintMedia
import GlintTestSupport
import Testing

@testable import GlintLivePhoto

@Suite("Live Photo edit", .suiteTimeLimit)
struct LivePhotoEditorTests {
    @Test(.requires(.sharedFixtures))
    func realPairKeepsItsStructure() throws {
        let directory = try TemporaryDirectory("glint-livephoto")
        defer { directory.remove() }
        let recipe = EditRecipe(exposure: 0.5, crop: NormalizedRect(x: 0.1, y: 0.1, width: 0.8, height: 0.8))
        let result = try LivePhotoEditor.edit(
            stillPath: SharedFixtures.livePhotoStill, moviePath: SharedFixtures.livePhotoMovie,
            recipe: recipe, outputDirectory: directory.path, options: PairFixtures.fastOptions)
        #expect(result.identifierSource == .kept)
        #expect(URL(fileURLWithPath: result.stillPath).lastPathComponent == "IMG_train.jpg")
        #expect(URL(fileURLWithPath: result.moviePath).lastPathComponent == "IMG_train.mov")

        let source = try QuickTimeMovie(path: SharedFixtures.livePhotoMovie)
        let edited = try QuickTimeMovie(path: result.moviePath)
        #expect(edited.contentIdentifier == source.contentIdentifier)
        #expect(edited.stillImageTime == source.stillImageTime)
        #expect(edited.tracks.map(\.trackID) == source.tracks.map(\.trackID))
        #expect(edited.header.duration == source.header.duration)

        // Every frame is presented at its original time.
        func presented(_ movie: QuickTimeMovie) throws -> [Double] {
            let video = try #require(movie.videoTrack)
            return video.sampleTable.presentationTimes().compactMap {
                video.presentationSeconds(ofMediaTime: $0, movieTimescale: movie.header.timescale)
            }.sorted()
        }
        #expect(try presented(edited) == presented(source))
        #expect(edited.videoTrack?.sampleTable.sampleCount == 22)

        // Audio and the other timed-metadata tracks are copied byte for byte.
        for (a, b) in zip(source.tracks, edited.tracks) where a.handlerType != "vide" {
            #expect(a.box.descendant(["mdia", "minf", "stbl", "stsd"]) == b.box.descendant(["mdia", "minf", "stbl", "stsd"]))
            for index in 0..<a.sampleTable.sampleCount where index % 997 == 0 || index == a.sampleTable.sampleCount - 1 {
                #expect(try source.sampleData(a, index: index) == edited.sampleData(b, index: index))
            }
        }
        // Every QuickTime key survives.
        #expect(edited.metadata == source.metadata)
        #expect(edited.videoTrack?.matrix == source.videoTrack?.matrix)

        // The still keeps its metadata.
        let still = try #require(MediaInspector.inspect(result.stillPath).still)
        #expect(still.contentIdentifier == source.contentIdentifier)
        #expect(still.hasGPS && still.orientation == 1 && still.hasAppleMakerNote)
        let movieReport = try #require(MediaInspector.inspect(result.moviePath).movie)
        let stillAspect = Double(still.width) / Double(still.height)
        let movieAspect = Double(movieReport.width) / Double(movieReport.height)
        #expect(abs(stillAspect / movieAspect - 1) < 0.003, "still \(still.width)x\(still.height), movie \(movieReport.width)x\(movieReport.height)")
    }

    @Test func stillWithoutMakerNoteTakesTheMoviesIdentifier() throws {
        let directory = try TemporaryDirectory("glint-livephoto")
        defer { directory.remove() }
        let (still, movie) = try PairFixtures.synthetic(in: directory.url) { $0.stillIdentifier = nil }
        let inputs = LivePhotoPairing.pair([still, movie].map(MediaInspector.inspect))
        #expect(inputs.livePhotos.isEmpty)
        #expect(inputs.unpaired.first { $0.path == still }?.reason.contains("no content identifier") == true)

        let out = directory.file("out").path
        let result = try LivePhotoEditor.edit(
            stillPath: still, moviePath: movie, recipe: EditRecipe(exposure: 0.3),
            outputDirectory: out, options: PairFixtures.fastOptions)
        #expect(result.identifierSource == .fromMovie)
        #expect(result.createdMakerNote)
        let outputs = LivePhotoPairing.pair([result.stillPath, result.moviePath].map(MediaInspector.inspect))
        #expect(outputs.livePhotos.count == 1)
        #expect(outputs.livePhotos.first?.contentIdentifier.rawValue == "0F3E1C2A-5B6D-4E7F-8A9B-0C1D2E3F4A5B")
    }

    @Test func photoAndClipWithoutIdentifiersBecomeALivePhoto() throws {
        let directory = try TemporaryDirectory("glint-livephoto")
        defer { directory.remove() }
        let (still, movie) = try PairFixtures.synthetic(in: directory.url) {
            $0.stillIdentifier = nil
            $0.movieIdentifier = nil
            $0.stillImageTimeTrack = false
            $0.audio = false
        }
        let out = directory.file("out").path
        let result = try LivePhotoEditor.edit(
            stillPath: still, moviePath: movie, recipe: EditRecipe(),
            outputDirectory: out, options: PairFixtures.fastOptions)
        #expect(result.identifierSource == .created)
        #expect(result.contentIdentifier.isCanonicalUUID)
        #expect(result.createdStillImageTimeTrack)
        let outputs = LivePhotoPairing.pair([result.stillPath, result.moviePath].map(MediaInspector.inspect))
        let photo = try #require(outputs.livePhotos.first)
        #expect(photo.contentIdentifier == result.contentIdentifier)
        #expect(photo.stillImageTime != nil && photo.warnings.isEmpty)
    }

    @Test func differentIdentifiersAreRefusedAndNothingIsWritten() throws {
        let directory = try TemporaryDirectory("glint-livephoto")
        defer { directory.remove() }
        let (still, movie) = try PairFixtures.synthetic(in: directory.url) {
            $0.movieIdentifier = ContentIdentifier("11111111-2222-3333-4444-555555555555")
            $0.frameCount = 4
            $0.stillFrameIndex = 1
        }
        let out = directory.file("out")
        #expect(throws: MediaError.self) {
            try LivePhotoEditor.edit(stillPath: still, moviePath: movie, recipe: EditRecipe(), outputDirectory: out.path)
        }
        #expect((try? FileManager.default.contentsOfDirectory(atPath: out.path))?.isEmpty ?? true)
    }

    @Test func iccProfileAndXMPSurviveTheEdit() throws {
        let directory = try TemporaryDirectory("glint-livephoto")
        defer { directory.remove() }
        let (plainStill, movie) = try PairFixtures.synthetic(in: directory.url) {
            $0.frameCount = 4
            $0.stillFrameIndex = 1
        }
        // Give the still a (large, multi-segment) ICC profile and an XMP packet. The profile is a
        // real one (a colour edit reads it) padded to 150 kB, its header's size field updated.
        var profile = try ColourSpace.displayP3.iccProfile()
        profile += (0..<(150_000 - profile.count)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        for i in 0..<4 { profile[i] = UInt8(truncatingIfNeeded: profile.count >> (24 - 8 * i)) }
        let xmp = #"<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>"#
        let original = try JPEGFile(parsing: try [UInt8](Data(contentsOf: URL(fileURLWithPath: plainStill))))
        let segments = original.segments.filter(\.isApplication) + [try JPEGSegment.xmp(xmp)] + (try JPEGSegment.iccProfileSegments(profile))
        let encoded = try JPEGEncoder.encode(try JPEGDecoder.decode(original.bytes))
        let still = directory.file("icc.jpg").path
        try AtomicFileWriter.write(try JPEGAssembler.assemble(encoded: encoded, segments: segments), to: still)

        let out = directory.file("out").path
        let result = try LivePhotoEditor.edit(
            stillPath: still, moviePath: movie, recipe: EditRecipe(exposure: 1, maxDimension: 600),
            outputDirectory: out, options: PairFixtures.fastOptions)
        let edited = try JPEGFile(parsing: try [UInt8](Data(contentsOf: URL(fileURLWithPath: result.stillPath))))
        #expect(try edited.iccProfile() == profile)
        #expect(edited.xmpString == xmp)
        #expect(result.stillWidth == 600 && result.stillHeight == 450)
    }
}
