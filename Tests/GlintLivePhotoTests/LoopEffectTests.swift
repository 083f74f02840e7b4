import Foundation
import GlintMedia
import GlintTestSupport
import Testing

@testable import GlintLivePhoto

@Suite("Loop effect", .suiteTimeLimit)
struct LoopEffectTests {
    /// The real pair loops without a jump: the output's last frame leads into its first as
    /// closely as two neighbouring frames of the movie do, while the movie's own last and first
    /// frames are far apart.
    @Test(.requires(.sharedFixtures, .ffmpeg, .ffprobe))
    func realPairWrapsSeamlessly() throws {
        let movie = try QuickTimeMovie(path: SharedFixtures.livePhotoMovie)
        let plain = try EffectFixtures.frames(of: SharedFixtures.livePhotoMovie, maxDimension: 320)
        let source = try MovieFrameSource(movie: movie, recipe: EditRecipe(), maxDimension: 320)
        let stream = LoopedFrameStream(source: source, duration: source.duration, crossFade: 0.5)
        let looped = try EffectFixtures.collect(stream)

        // Timing against ffprobe's reading of the movie: the loop starts on a frame between half
        // the cross-fade (0.5 s, at most 40% of the movie) and the first frame at or after it,
        // and runs from there to the end.
        let times = try AnimationProbe.ffprobeFrameTimes(SharedFixtures.livePhotoMovie)
        #expect(times.count == 22)
        #expect(plain.count == 22)
        let requested = min(0.5, 0.4 * movie.duration)
        let loopStart = try #require(stream.crossFade)
        let latest = try #require(times.first { $0 >= requested - 1e-6 })
        #expect(
            times.contains { abs($0 - loopStart) < 1e-6 } && loopStart >= requested / 2 - 1e-6 && loopStart <= latest + 1e-6,
            "loop start \(loopStart)")
        let held = times.filter { $0 < loopStart - 1e-6 }.count
        #expect(looped.count == times.count - held)
        let total = looped.map(\.duration).reduce(0, +)
        #expect(abs(total - (movie.duration - loopStart)) < 1e-3, "loop lasts \(total) s")
        #expect(abs((stream.duration ?? 0) - total) < 1e-6)
        #expect(abs(looped[0].time) < 1e-9)
        for (a, b) in zip(looped, looped.dropFirst()) { #expect(abs(a.time + a.duration - b.time) < 1e-6) }

        // The seam: last output frame against the first, versus the movie's own wrap and steps.
        let seam = EffectFixtures.meanDeltaE(looped.last!.image, looped.first!.image)
        let plainWrap = EffectFixtures.meanDeltaE(plain.last!.image, plain.first!.image)
        let steps = zip(plain, plain.dropFirst()).map { EffectFixtures.meanDeltaE($0.image, $1.image) }.sorted()
        #expect(seam < plainWrap / 3, "seam ΔE \(seam), the movie's own wrap ΔE \(plainWrap)")
        #expect(seam <= steps[steps.count / 2] + 0.5, "seam ΔE \(seam), the movie's median step ΔE \(steps[steps.count / 2])")
        // Before the fade the output is the movie itself, untouched.
        #expect(looped[0].image == plain[held].image)
        // The last frame is the frame just before the loop start, and the fade is a real blend.
        #expect(EffectFixtures.meanDeltaE(looped.last!.image, plain[held - 1].image) < 0.5)
        let middle = looped.count - (held + 1) / 2
        let blended = looped[middle].image
        let original = plain[held + middle].image
        #expect(EffectFixtures.meanDeltaE(blended, original) > 1, "frame \(middle) of the fade is not blended")
    }

    /// A blend is made in linear light: black and white at half weight give sRGB 188, not 128.
    @Test func blendsInLinearLight() {
        let black = RGBImage(width: 2, height: 2)
        let white = RGBImage(width: 2, height: 2, pixels: [UInt8](repeating: 255, count: 12))
        let half = LinearLight.blend(black, white, weight: 0.5)
        #expect(half.pixels.allSatisfy { (187...188).contains($0) }, "\(half.pixels)")
        #expect(LinearLight.blend(black, white, weight: 0) == black)
        #expect(LinearLight.blend(black, white, weight: 1) == white)
    }

    /// A movie too short to fade and play is refused, naming the problem.
    @Test func refusesTooFewFrames() throws {
        let directory = try TemporaryDirectory("glint-effects")
        defer { directory.remove() }
        let (_, movie) = try PairFixtures.synthetic(in: directory.url) {
            $0.frameCount = 2
            $0.stillFrameIndex = 0
            $0.audio = false
        }
        let source = try MovieFrameSource(movie: try QuickTimeMovie(path: movie), recipe: EditRecipe())
        let looped = LoopedFrameStream(source: source, duration: source.duration, crossFade: 0.5)
        let error = try #require(throws: MediaError.self) { _ = try EffectFixtures.collect(looped) }
        #expect(error.kind == .invalidArgument)
        #expect(error.problem.contains("too"), "\(error.problem)")
    }
}
