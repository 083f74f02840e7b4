import Foundation
import GlintMedia
import GlintTestSupport
import Testing

@testable import GlintLivePhoto

@Suite("Effect movies (MP4)", .suiteTimeLimit)
struct EffectMovieTests {
    /// The real pair's Loop as an MP4: ffprobe sees the loop's frames at their times, H.264 and
    /// AAC, the sound as long as the picture; the sound's end is the sound from just before the
    /// loop start, so it wraps as the picture does.
    @Test(.requires(.sharedFixtures, .ffmpeg, .ffprobe))
    func realPairLoopKeepsCrossFadedSound() throws {
        let directory = try TemporaryDirectory("glint-effects-mp4")
        defer { directory.remove() }
        let output = directory.file("loop.mp4").path
        var options = EffectOptions(maxDimension: 320)
        options.encoding = MovieEncoding(codec: .h264, crf: 18, preset: "ultrafast")
        let result = try EffectRenderer.render(
            still: SharedFixtures.livePhotoStill, movie: SharedFixtures.livePhotoMovie,
            recipe: EditRecipe(), effect: .loop, format: .mp4, destination: output, options: options)
        #expect(result.audio == "cross-faded")
        #expect(!result.loops)
        let looped = try EffectFixtures.collect(
            LoopedFrameStream(
                source: try MovieFrameSource(movie: try QuickTimeMovie(path: SharedFixtures.livePhotoMovie), recipe: EditRecipe(), maxDimension: 320),
                duration: 1.2333, crossFade: 0.5))
        let streams = try AnimationProbe.run(
            "ffprobe",
            [
                "-v", "error", "-show_entries", "stream=codec_name,codec_type,duration",
                "-of", "csv=p=0", output,
            ]
        ).stdoutText
        #expect(streams.contains("h264,video") && streams.contains("aac,audio"), "\(streams)")
        let times = try AnimationProbe.ffprobeFrameTimes(output)
        #expect(times.count == looped.count)
        for (time, frame) in zip(times, looped) { #expect(abs(time - frame.time) < 0.002, "\(time) against \(frame.time)") }

        // The sound, decoded by ffmpeg, against the movie's own.
        func samples(_ path: String) throws -> [Float] {
            let bytes = try AnimationProbe.run("ffmpeg", ["-v", "error", "-i", path, "-vn", "-f", "f32le", "-ac", "1", "-ar", "44100", "-"]).stdout
            return bytes.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        }
        let sound = try samples(output)
        let source = try samples(SharedFixtures.livePhotoMovie)
        let videoLength = looped.map(\.duration).reduce(0, +)
        // As long as the picture (ffmpeg may leave the last AAC frame's padding on).
        let length = Int((videoLength * 44100).rounded())
        #expect(sound.count >= length - 50 && sound.count <= length + 1024, "\(sound.count) samples for \(videoLength) s")
        let fade = Int(((1.2333 - videoLength) * 44100).rounded())
        func correlation(_ a: ArraySlice<Float>, _ b: ArraySlice<Float>) -> Double {
            let x = Array(a)
            let y = Array(b)
            let dot = zip(x, y).map { Double($0) * Double($1) }.reduce(0, +)
            let norm = (x.map { Double($0) * Double($0) }.reduce(0, +) * y.map { Double($0) * Double($0) }.reduce(0, +)).squareRoot()
            return norm == 0 ? 0 : dot / norm
        }
        let window = 1024
        let tail = sound[(length - window)..<length]
        let beforeStart = correlation(tail, source[(fade - window)..<fade])
        let movieEnd = correlation(tail, source[(54_390 - window)..<54_390])
        #expect(beforeStart > 0.8, "the loop's last \(window) samples against the movie's before the loop start: \(beforeStart)")
        #expect(beforeStart > movieEnd + 0.3, "against the movie's own end: \(movieEnd)")
    }

    /// A Bounce MP4: 2N-2 frames, the way back mirroring the way out, and no sound track.
    @Test(.requires(.ffmpeg, .ffprobe))
    func bounceIsSilentAndMirrored() throws {
        let directory = try TemporaryDirectory("glint-effects-mp4")
        defer { directory.remove() }
        let (still, movie) = try PairFixtures.synthetic(in: directory.url) {
            $0.frameCount = 10
            $0.stillFrameIndex = 4
        }
        let output = directory.file("bounce.mp4").path
        var options = EffectOptions()
        options.encoding = MovieEncoding(codec: .h264, crf: 16, preset: "ultrafast")
        let result = try EffectRenderer.render(
            still: still, movie: movie, recipe: EditRecipe(), effect: .bounce, format: .mp4,
            destination: output, options: options)
        #expect(result.audio == "muted")
        #expect(result.frameCount == 18)
        let streams = try AnimationProbe.run("ffprobe", ["-v", "error", "-show_entries", "stream=codec_type", "-of", "csv=p=0", output])
        #expect(streams.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines) == "video")
        let frames = try AnimationProbe.decodedFrames(output, width: 480, height: 360)
        #expect(frames.count == 18)
        for k in 1...8 {
            let mirrored = EffectFixtures.meanDeltaE(frames[9 + k], frames[9 - k])
            let step = EffectFixtures.meanDeltaE(frames[9 - k], frames[9 - k + 1])
            #expect(mirrored < 1, "frame \(9 + k) against frame \(9 - k): ΔE \(mirrored) (a step is \(step))")
        }
        #expect(AnimationProbe.contents(of: directory.path) == ["bounce.mp4", "pair.jpg", "pair.mov"])
    }

    /// An MP4 effect is tagged with the colours its frames were converted to.
    @Test(.requires(.ffmpeg, .ffprobe))
    func colourTagsFollowTheRecipe() throws {
        let directory = try TemporaryDirectory("glint-effects-mp4")
        defer { directory.remove() }
        let (_, movie) = try PairFixtures.synthetic(in: directory.url) {
            $0.frameCount = 4
            $0.stillFrameIndex = 1
            $0.audio = false
        }
        var options = EffectOptions()
        options.encoding = MovieEncoding(codec: .h264, crf: 20, preset: "ultrafast")
        for (space, primaries) in [(OutputColourSpace.displayP3, "smpte432"), (.source, "bt709")] {
            let output = directory.file("live-\(space.rawValue).mp4").path
            _ = try EffectRenderer.render(
                still: nil, movie: movie, recipe: EditRecipe(outputColorSpace: space), effect: .live,
                format: .mp4, destination: output, options: options)
            let probe = try AnimationProbe.run(
                "ffprobe",
                [
                    "-v", "error", "-select_streams", "v:0", "-show_entries",
                    "stream=color_primaries", "-of", "csv=p=0", output,
                ])
            #expect(probe.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines) == primaries, "\(space): \(probe.stdoutText)")
        }
    }
}
