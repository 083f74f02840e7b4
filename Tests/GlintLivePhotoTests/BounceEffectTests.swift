import Foundation
import GlintMedia
import GlintTestSupport
import Testing

@testable import GlintLivePhoto

@Suite("Bounce effect", .suiteTimeLimit)
struct BounceEffectTests {
    /// The real pair's 22 frames bounce into 42: forwards as decoded, then frames 20 ... 1 again,
    /// each identical to its forward self and keeping its own duration.
    @Test(.requires(.sharedFixtures))
    func realPairPlaysForwardsThenBackwards() throws {
        let plain = try EffectFixtures.frames(of: SharedFixtures.livePhotoMovie, maxDimension: 240)
        let movie = try QuickTimeMovie(path: SharedFixtures.livePhotoMovie)
        let bounced = try EffectFixtures.collect(
            BouncedFrameStream(
                source: try MovieFrameSource(movie: movie, recipe: EditRecipe(), maxDimension: 240)))
        let n = plain.count
        #expect(n == 22)
        #expect(bounced.count == 2 * n - 2)
        for i in 0..<n {
            #expect(bounced[i].image == plain[i].image)
            #expect(bounced[i].duration == plain[i].duration)
        }
        for k in 1...(n - 2) {
            #expect(bounced[n - 1 + k].image == plain[n - 1 - k].image, "backward frame \(k) is not forward frame \(n - 1 - k)")
            #expect(bounced[n - 1 + k].duration == plain[n - 1 - k].duration)
        }
        // One timeline without gaps, as long as the forward pass plus the inner frames again.
        for (a, b) in zip(bounced, bounced.dropFirst()) { #expect(abs(a.time + a.duration - b.time) < 1e-9) }
        let expected = plain.map(\.duration).reduce(0, +) + plain[1..<(n - 1)].map(\.duration).reduce(0, +)
        #expect(abs(bounced.map(\.duration).reduce(0, +) - expected) < 1e-9)
        #expect(abs(plain.map(\.duration).reduce(0, +) - movie.duration) < 1e-3)
    }

    /// A single frame cannot bounce.
    @Test func refusesOneFrame() throws {
        let directory = try TemporaryDirectory("glint-effects")
        defer { directory.remove() }
        let (_, movie) = try PairFixtures.synthetic(in: directory.url) {
            $0.frameCount = 1
            $0.stillFrameIndex = 0
            $0.audio = false
        }
        let stream = BouncedFrameStream(source: try MovieFrameSource(movie: try QuickTimeMovie(path: movie), recipe: EditRecipe()))
        let error = try #require(throws: MediaError.self) { _ = try EffectFixtures.collect(stream) }
        #expect(error.kind == .invalidArgument)
        #expect(error.problem.contains("at least 2"), "\(error.problem)")
    }

    /// The spool gives frames back exactly, in any order, and leaves no file behind.
    @Test func spoolReadsBackInAnyOrder() throws {
        let directory = try TemporaryDirectory("glint-spool")
        defer { directory.remove() }
        var generator = SeededRandomGenerator(seed: 7)
        let frames = (0..<5).map { _ in RGBImage(width: 7, height: 5, pixels: generator.bytes(7 * 5 * 3)) }
        do {
            let spool = try RawFrameSpool(width: 7, height: 5, directory: directory.path)
            for frame in frames { try spool.append(frame) }
            #expect(AnimationProbe.contents(of: directory.path).isEmpty, "the spool's file has a name")
            for index in [4, 0, 3, 1, 2] { #expect(try spool.frame(at: index) == frames[index]) }
            #expect(throws: MediaError.self) { _ = try spool.frame(at: 5) }
            #expect(throws: MediaError.self) { try spool.append(RGBImage(width: 5, height: 7)) }
        }
        #expect(AnimationProbe.contents(of: directory.path).isEmpty)
    }
}
