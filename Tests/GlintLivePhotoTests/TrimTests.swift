import Foundation
import GlintMedia
import GlintTestSupport
import Testing

@testable import GlintLivePhoto

/// `trim`: only the frames presented in the span are kept, with their own spacing, from time 0;
/// the sound and timed metadata are cut to the same span; the still time stays inside.
@Suite("Trim", .suiteTimeLimit)
struct TrimTests {
    static func edit(
        _ recipe: EditRecipe, still: String = SharedFixtures.livePhotoStill, movie: String = SharedFixtures.livePhotoMovie,
        into directory: TemporaryDirectory
    ) throws -> LivePhotoEditor.Result {
        try LivePhotoEditor.edit(
            stillPath: still, moviePath: movie, recipe: recipe,
            outputDirectory: directory.file("out").path, options: PairFixtures.fastOptions)
    }

    @Test(
        "a trim of the real pair keeps the frames in the span with their times, and cuts the sound to it",
        .requires(.sharedFixtures, .ffprobe, .ffmpeg, .exiftool))
    func realPairTrim() throws {
        let directory = try TemporaryDirectory("glint-trim")
        defer { directory.remove() }
        let (start, end) = (0.2, 0.8)
        let result = try Self.edit(EditRecipe(trim: TimeRange(start: start, end: end)), into: directory)

        // Exactly the source frames presented in [start, end], at their own times less the first one's.
        let sourceTimes = try MovieProbe.frameTimes(SharedFixtures.livePhotoMovie)
        #expect(sourceTimes.count == 22)
        let kept = sourceTimes.filter { $0 >= start - 1e-6 && $0 <= end + 1e-6 }
        let outputTimes = try MovieProbe.frameTimes(result.moviePath)
        #expect(result.frameCount == kept.count && outputTimes.count == kept.count, "\(outputTimes) for \(kept)")
        for (output, source) in zip(outputTimes, kept) {
            #expect(abs(output - (source - kept[0])) < 0.5 / 600, "frame at \(source) s became \(output) s")
        }
        let trim = try #require(result.trim)
        #expect(trim.keptFrames == kept.count && trim.droppedFrames == 22 - kept.count)
        #expect(abs(trim.start - kept[0]) < 1e-9)

        // The sound lasts as long as the kept span, and is the source's samples from its start.
        let samples = MovieProbe.int16(try MovieProbe.audioBytes(result.moviePath))
        #expect(abs(Double(samples.count) - trim.duration * 44100) <= 1, "\(samples.count) samples for \(trim.duration) s")
        #expect(abs(try MovieProbe.streamDuration(result.moviePath, "a") - trim.duration) < 0.002)
        #expect(abs(try MovieProbe.streamDuration(result.moviePath, "v") - trim.duration) < 0.002)
        let source = MovieProbe.int16(try MovieProbe.audioBytes(SharedFixtures.livePhotoMovie))
        let offset = Int((kept[0] * 44100).rounded())
        #expect(Array(source[offset..<(offset + samples.count)]) == samples, "the cut must start sample-accurately at \(kept[0]) s")

        // The still time (0.48 s) is inside: it keeps its place in the picture, 0.28 s into the output.
        #expect(abs((result.stillImageTime ?? -1) - (0.48 - kept[0])) < 1.0 / 600)
        #expect(!result.stillImageTimeMovedByTrim && result.sourceStillImageTime == 0.48)
        #expect(try MovieProbe.exiftoolStillImageTimes(result.moviePath) == ["-1"])
        let output = try QuickTimeMovie(path: result.moviePath)
        #expect(abs((output.stillImageTime ?? -1) - (0.48 - kept[0])) < 1.0 / 600)
        // The per-frame timed metadata (live-photo-info) is cut to the kept frames.
        let info = try #require(output.tracks.first { $0.handlerType == "meta" && $0.trackID != output.stillImageTimeTrack?.trackID })
        #expect(info.sampleTable.sampleCount == kept.count)
        #expect(result.droppedTracks.isEmpty)
        #expect(output.contentIdentifier == ContentIdentifier("E905E6C6-C747-4805-942F-9904A0281F02"))
    }

    @Test(
        "a still time outside the trim moves to the nearest kept frame",
        .requires(.sharedFixtures, .ffprobe, .ffmpeg, .exiftool),
        arguments: [(0.6, 1.1), (0.0, 0.3)])
    func stillTimeMovesToTheNearestKeptFrame(start: Double, end: Double) throws {
        let directory = try TemporaryDirectory("glint-trim")
        defer { directory.remove() }
        let result = try Self.edit(EditRecipe(trim: TimeRange(start: start, end: end)), into: directory)
        let sourceTimes = try MovieProbe.frameTimes(SharedFixtures.livePhotoMovie)
        let kept = sourceTimes.filter { $0 >= start - 1e-6 && $0 <= end + 1e-6 }
        // 0.48 s lies after (or before) every kept frame: the still goes to the last (or first) kept one.
        let nearest = 0.48 < kept[0] ? kept[0] : kept[kept.count - 1]
        #expect(result.stillImageTimeMovedByTrim)
        #expect(abs((result.stillImageTime ?? -1) - (nearest - kept[0])) < 1.0 / 600, "still at \(String(describing: result.stillImageTime))")
        let output = try QuickTimeMovie(path: result.moviePath)
        #expect(abs((output.stillImageTime ?? -1) - (nearest - kept[0])) < 1.0 / 600)
        #expect(try MovieProbe.exiftoolStillImageTimes(result.moviePath) == ["-1"])
        let outputTimes = try MovieProbe.frameTimes(result.moviePath)
        #expect(outputTimes.count == kept.count)
        // The still time is a frame of the output.
        #expect(outputTimes.contains { abs($0 - (result.stillImageTime ?? -1)) < 1.0 / 600 })
    }

    @Test(.requires(.ffprobe, .ffmpeg, .exiftool))
    func generatedPairKeepsItsVariableFrameTimesAndRotation() throws {
        let directory = try TemporaryDirectory("glint-trim")
        defer { directory.remove() }
        let (still, movie) = try PairFixtures.synthetic(in: directory.url) { $0.rotation = 90 }
        let result = try Self.edit(EditRecipe(trim: TimeRange(start: 0.1, end: 0.5)), still: still, movie: movie, into: directory)
        let times = SyntheticLivePhoto.frameTimes(count: 20).map { Double($0) / 600 }
        let kept = times.filter { $0 >= 0.1 - 1e-9 && $0 <= 0.5 + 1e-9 }
        let output = try MovieProbe.frameTimes(result.moviePath)
        #expect(output.count == kept.count)
        for (o, k) in zip(output, kept) { #expect(abs(o - (k - kept[0])) < 0.5 / 600) }
        let edited = try QuickTimeMovie(path: result.moviePath)
        #expect(edited.videoTrack?.matrix.orientation == .right)
        // The still (frame 10, at 0.367 s) is inside the span.
        #expect(!result.stillImageTimeMovedByTrim)
        #expect(abs((edited.stillImageTime ?? -1) - (times[10] - kept[0])) < 1.0 / 600)
        #expect(abs(edited.duration - (result.trim?.duration ?? 0)) < 1e-9)
    }

    static let emptyTrims: [TimeRange] = [TimeRange(start: 5), TimeRange(start: 1.2334), TimeRange(start: 0.05, end: 0.06)]

    @Test(.requires(.sharedFixtures), arguments: emptyTrims)
    func aTrimThatKeepsNoFrameFailsBeforeAnyWork(trim: TimeRange) throws {
        let directory = try TemporaryDirectory("glint-trim")
        defer { directory.remove() }
        let error = #expect(throws: RecipeError.self) { try Self.edit(EditRecipe(trim: trim), into: directory) }
        #expect(error?.problem.contains("keeps no frame") == true, "\(String(describing: error))")
        #expect(error?.problem.contains("IMG_train.mov") == true)
        #expect(!FileManager.default.fileExists(atPath: directory.file("out").path), "nothing may be written")
    }

    @Test func planKeepsWholeFramesAndChecksTheSpanUpFront() throws {
        let directory = try TemporaryDirectory("glint-trim")
        defer { directory.remove() }
        let (_, moviePath) = try PairFixtures.synthetic(in: directory.url)
        let movie = try QuickTimeMovie(path: moviePath)
        let plan = try TimelinePlan(movie: movie, recipe: EditRecipe(trim: TimeRange(start: 0.07, end: 0.2)))
        // Through the edit list (the encoder's reordering delay), frames are presented at the generated times.
        let times = SyntheticLivePhoto.frameTimes(count: 20)
        #expect(plan.frames.map(\.presentationTime) == times)
        let kept = plan.frames.filter { Double($0.presentationTime) / 600 >= 0.07 && Double($0.presentationTime) / 600 <= 0.2 }
        let trim = try #require(plan.trim)
        #expect(trim.frames.count == kept.count && kept.count > 2)
        #expect(trim.start == kept.first?.presentationTime)
        // The last kept frame lasts until the next one starts.
        let last = try #require(kept.last)
        #expect(trim.end == times[times.firstIndex(of: last.presentationTime)! + 1])
        #expect(plan.outputTime(ofFrameAt: kept[0].mediaTime) == 0)
        #expect(plan.outputTime(ofFrameAt: plan.frames[0].mediaTime) == nil)
        #expect(plan.outputTime(ofFrameAt: last.mediaTime) == last.presentationTime - kept[0].presentationTime)
        #expect(plan.outputTime(ofFrameAt: plan.frames[19].mediaTime) == nil)
        #expect(plan.videoTiming.editList?.entries == [EditList.Entry(segmentDuration: UInt64(trim.end - trim.start), mediaTime: 0)])
        let untrimmed = try TimelinePlan(movie: movie, recipe: EditRecipe())
        #expect(!untrimmed.isTrimmed && untrimmed.outputTime(ofFrameAt: 123) == 123)
    }
}
