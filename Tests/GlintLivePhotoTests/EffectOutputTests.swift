import Foundation
import GlintMedia
import GlintTestSupport
import Testing

@testable import GlintLivePhoto

@Suite("Effect outputs", .suiteTimeLimit)
struct EffectOutputTests {
    /// A bounce of a generated pair as a GIF: gifsicle and ffprobe see 2N-2 frames looping
    /// forever with the movie's own delays, and ffmpeg decodes the second half as the first
    /// reversed, pixel for pixel.
    @Test(.requires(.ffmpeg, .ffprobe, .gifsicle))
    func bounceGIFReadsBackReversed() throws {
        let directory = try TemporaryDirectory("glint-effects")
        defer { directory.remove() }
        let (still, movie) = try PairFixtures.synthetic(in: directory.url) {
            $0.frameCount = 12
            $0.stillFrameIndex = 5
        }
        let output = directory.file("bounce.gif").path
        let result = try EffectRenderer.render(
            still: still, movie: movie, recipe: EditRecipe(), effect: .bounce,
            format: .gif, destination: output)
        let n = 12
        #expect(result.frameCount == 2 * n - 2)
        #expect(result.width == 480 && result.height == 360)
        #expect(result.loops)
        #expect(AnimationProbe.contents(of: directory.path) == ["bounce.gif", "pair.jpg", "pair.mov"])

        let info = try AnimationProbe.gifsicleInfo(output)
        #expect(info.frameCount == 2 * n - 2)
        #expect(info.loopsForever)
        #expect(info.width == 480 && info.height == 360)
        // The generated movie's frames last 20, 20, 21, 19, 40, 20 / 600 s, repeating.
        let durations = (0..<n).map { Double(SyntheticLivePhoto.frameDurations[$0 % 6]) / 600 }
        let bounced = durations + durations[1..<(n - 1)].reversed()
        let storedTotal: Double = info.delays.reduce(0, +)
        let realTotal: Double = bounced.reduce(0, +)
        #expect(abs(storedTotal - realTotal) <= 0.0051, "\(info.delays)")
        for (delay, real) in zip(info.delays, bounced) { #expect(abs(delay - real) <= 0.015, "delay \(delay) for \(real) s") }
        #expect(info.delays == result.frameDurations.map { ($0 * 100).rounded() / 100 })

        let probed = try AnimationProbe.ffprobeFrameDurations(output)
        #expect(probed.count == 2 * n - 2)
        let frames = try AnimationProbe.decodedFrames(output, width: 480, height: 360)
        #expect(frames.count == 2 * n - 2)
        for k in 1...(n - 2) { #expect(frames[n - 1 + k] == frames[n - 1 - k], "frame \(n - 1 + k) is not frame \(n - 1 - k)") }
        // The palette renders the movie faithfully.
        let source = try EffectFixtures.frames(of: movie, maxDimension: 480)
        #expect(EffectFixtures.meanDeltaE(frames[3], source[3].image) < 3)
    }

    /// A loop of the real pair as an animated WebP: webpmux sees the loop's frames, looping
    /// forever, with the frames' real durations to the millisecond.
    @Test(.requires(.sharedFixtures, .webpmux))
    func loopWebPHasRealTimings() throws {
        let directory = try TemporaryDirectory("glint-effects")
        defer { directory.remove() }
        let output = directory.file("loop.webp").path
        var options = EffectOptions()
        options.maxDimension = 320
        let result = try EffectRenderer.render(
            still: SharedFixtures.livePhotoStill, movie: SharedFixtures.livePhotoMovie,
            recipe: EditRecipe(), effect: .loop, format: .webp, destination: output,
            options: options)
        let looped = try EffectFixtures.collect(
            LoopedFrameStream(
                source: try MovieFrameSource(movie: try QuickTimeMovie(path: SharedFixtures.livePhotoMovie), recipe: EditRecipe(), maxDimension: 320),
                duration: try QuickTimeMovie(path: SharedFixtures.livePhotoMovie).duration, crossFade: 0.5))
        let info = try AnimationProbe.webpmuxInfo(output)
        #expect(info.loopCount == 0)
        #expect(info.width == result.width && info.height == result.height)
        #expect(max(info.width, info.height) == 320)
        #expect(info.durations.count == looped.count)
        #expect(result.frameCount == looped.count)
        let storedTotal: Double = info.durations.reduce(0, +)
        let realTotal: Double = looped.map(\.duration).reduce(0, +)
        #expect(abs(storedTotal - realTotal) <= 0.00051)
        for (stored, real) in zip(info.durations, looped.map(\.duration)) { #expect(abs(stored - real) <= 0.00101) }
        #expect(result.notes.contains { $0.contains("sound") })
    }

    /// The real pair's motion as a GIF: every frame starts within half a centisecond of its time
    /// in the movie, as ffprobe reads both files.
    @Test(.requires(.sharedFixtures, .ffmpeg, .ffprobe))
    func liveGIFKeepsTheMoviesTiming() throws {
        let directory = try TemporaryDirectory("glint-effects")
        defer { directory.remove() }
        let output = directory.file("train.gif").path
        var options = EffectOptions()
        options.maxDimension = 200
        let result = try EffectRenderer.render(
            still: SharedFixtures.livePhotoStill, movie: SharedFixtures.livePhotoMovie,
            recipe: EditRecipe(), effect: .live, format: .gif, destination: output,
            options: options)
        let movieTimes = try AnimationProbe.ffprobeFrameTimes(SharedFixtures.livePhotoMovie)
        let gifTimes = try AnimationProbe.ffprobeFrameTimes(output)
        #expect(result.frameCount == 22 && gifTimes.count == 22)
        for (gif, movie) in zip(gifTimes, movieTimes) { #expect(abs(gif - movie) <= 0.005 + 1e-9, "GIF frame at \(gif) s, movie frame at \(movie) s") }
        #expect(abs(result.duration - 1.23) <= 0.005 + 1e-9, "\(result.duration)")
        #expect(result.width == 200 && result.height == 150, "\(result.width)x\(result.height)")
    }

    /// The edit shows in the effect: a crop changes the output's shape, exposure its brightness.
    @Test(.requires(.ffmpeg, .ffprobe))
    func recipeIsApplied() throws {
        let directory = try TemporaryDirectory("glint-effects")
        defer { directory.remove() }
        let (still, movie) = try PairFixtures.synthetic(in: directory.url) {
            $0.frameCount = 6
            $0.stillFrameIndex = 2
        }
        let recipe = EditRecipe(exposure: 1, crop: NormalizedRect(x: 0, y: 0, width: 0.5, height: 1))
        let edited = try EffectRenderer.render(
            still: still, movie: movie, recipe: recipe, effect: .bounce, format: .gif,
            destination: directory.file("edited.gif").path)
        let plain = try EffectRenderer.render(
            still: still, movie: movie, recipe: EditRecipe(), effect: .bounce, format: .gif,
            destination: directory.file("plain.gif").path)
        #expect(edited.width == 240 && edited.height == 360, "\(edited.width)x\(edited.height)")
        #expect(plain.width == 480 && plain.height == 360)
        let editedFrames = try EffectFixtures.frames(of: movie, recipe: recipe, maxDimension: 480)
        let plainFrames = try EffectFixtures.frames(of: movie, maxDimension: 480)
        let leftHalf = EffectFixtures.crop(plainFrames[0].image, x: 0, y: 0, width: 240, height: 360)
        #expect(EffectFixtures.meanLevel(editedFrames[0].image) > EffectFixtures.meanLevel(leftHalf) + 20)
        let decoded = try AnimationProbe.decodedFrames(directory.file("edited.gif").path, width: 240, height: 360)
        #expect(EffectFixtures.meanDeltaE(decoded[0], editedFrames[0].image) < 3)
    }

    /// A trim keeps the frames shown between its start and end, timed from the first of them,
    /// as ``TimelinePlan`` keeps them for an edit.
    @Test func trimIsApplied() throws {
        let directory = try TemporaryDirectory("glint-effects")
        defer { directory.remove() }
        let (_, movie) = try PairFixtures.synthetic(in: directory.url) {
            $0.frameCount = 12
            $0.stillFrameIndex = 5
            $0.audio = false
        }
        let all = try EffectFixtures.frames(of: movie)
        let trimmed = try EffectFixtures.frames(of: movie, recipe: EditRecipe(trim: TimeRange(start: 0.1, end: 0.3)))
        let times = SyntheticLivePhoto.frameTimes(count: 12).map { Double($0) / 600 }
        let kept = times.indices.filter { times[$0] >= 0.1 - 1e-9 && times[$0] <= 0.3 + 1e-9 }
        #expect(trimmed.count == kept.count)
        #expect(abs(trimmed[0].time) < 1e-9)
        for (frame, index) in zip(trimmed, kept) {
            #expect(frame.image == all[index].image)
            #expect(abs(frame.time - (times[index] - times[kept[0]])) < 1e-9)
            #expect(abs(frame.duration - all[index].duration) < 1e-9)
        }
    }

    /// A Display P3 movie is shown in sRGB in a GIF (which carries no profile): its frames
    /// match the sRGB scene it was made from, which the movie's own code values do not.
    @Test(.requires(.ffmpeg, .ffprobe))
    func displayP3MovieBecomesSRGB() throws {
        let directory = try TemporaryDirectory("glint-effects")
        defer { directory.remove() }
        let (still, movie) = try PairFixtures.synthetic(in: directory.url) {
            $0.movieColourSpace = .displayP3
            $0.frameCount = 3
            $0.stillFrameIndex = 1
            $0.audio = false
        }
        let parsed = try QuickTimeMovie(path: movie)
        let converted = try EffectFixtures.collect(MovieFrameSource(movie: parsed, recipe: EditRecipe(), outputColourSpace: .srgb))
        let asStored = try EffectFixtures.collect(MovieFrameSource(movie: parsed, recipe: EditRecipe()))
        let truth = SyntheticScene.render(width: 480, height: 360, time: 0)
        let convertedError = EffectFixtures.meanDeltaE(converted[0].image, truth)
        let storedError = EffectFixtures.meanDeltaE(asStored[0].image, truth)
        #expect(convertedError < 2, "converted ΔE \(convertedError)")
        #expect(storedError > 2 * convertedError, "P3 code values read as sRGB: ΔE \(storedError)")
        let output = directory.file("p3.gif").path
        _ = try EffectRenderer.render(still: still, movie: movie, recipe: EditRecipe(), effect: .live, format: .gif, destination: output)
        let decoded = try AnimationProbe.decodedFrames(output, width: 480, height: 360)
        #expect(EffectFixtures.meanDeltaE(decoded[0], truth) < 3)
    }

    /// A rotated movie comes out upright, as it is displayed.
    @Test func rotatedMovieIsUpright() throws {
        let directory = try TemporaryDirectory("glint-effects")
        defer { directory.remove() }
        let (_, movie) = try PairFixtures.synthetic(in: directory.url) {
            $0.rotation = 90
            $0.frameCount = 3
            $0.stillFrameIndex = 1
            $0.frameWidth = 360
            $0.frameHeight = 480
        }
        let frames = try EffectFixtures.frames(of: movie)
        #expect(frames[0].image.width == 360 && frames[0].image.height == 480)
        let truth = SyntheticScene.render(width: 360, height: 480, time: 0)
        #expect(EffectFixtures.meanDeltaE(frames[0].image, truth) < 2.5)
    }
}
