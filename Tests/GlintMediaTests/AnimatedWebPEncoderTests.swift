import Foundation
import GlintMedia
import GlintTestSupport
import Testing

@Suite("Animated WebP encoder", .suiteTimeLimit)
struct AnimatedWebPEncoderTests {
    /// webpmux sees the frames, their real durations and the loop; a lossless first frame is
    /// the input exactly.
    @Test(.requires(.webpmux, .dwebp))
    func framesDurationsAndLoop() throws {
        let directory = try TemporaryDirectory("glint-webp")
        defer { directory.remove() }
        let frames = (0..<4).map { VideoTestFrames.movingGradient(width: 64, height: 48, index: $0) }
        let durations = [0.0333, 0.0334, 0.0317, 0.0666]
        let path = directory.file("anim.webp").path
        let encoder = try AnimatedWebPEncoder(destination: path, width: 64, height: 48, options: .init(lossless: true))
        for (frame, duration) in zip(frames, durations) { try encoder.append(frame, duration: duration) }
        let summary = try encoder.finish()
        #expect(summary.frameCount == 4)
        #expect(summary.frameDurations == [0.033, 0.034, 0.031, 0.067])

        let info = try AnimationTools.webpmuxInfo(path)
        #expect(info.contains("Canvas size: 64 x 48"))
        #expect(info.contains("Loop Count : 0"))
        #expect(info.contains("Number of frames: 4"))
        #expect(AnimationTools.webpDurations(info) == summary.frameDurations)
        #expect(try AnimationTools.webpFrame(path, number: 1, in: directory) == frames[0])
    }

    /// Lossy frames look like their input; identical frames are merged into a longer one, and
    /// the summary says what was stored.
    @Test(.requires(.webpmux, .dwebp))
    func lossyAndMergedFrames() throws {
        let directory = try TemporaryDirectory("glint-webp")
        defer { directory.remove() }
        let frame = VideoTestFrames.movingGradient(width: 96, height: 64, index: 1)
        let other = VideoTestFrames.movingGradient(width: 96, height: 64, index: 4)
        let path = directory.file("lossy.webp").path
        let encoder = try AnimatedWebPEncoder(destination: path, width: 96, height: 64, options: .init(quality: 90, loopCount: 3))
        for image in [frame, frame, other] { try encoder.append(image, duration: 0.1) }
        let summary = try encoder.finish()
        let info = try AnimationTools.webpmuxInfo(path)
        #expect(info.contains("Loop Count : 3"))
        #expect(summary.frameCount == 2)
        #expect(AnimationTools.webpDurations(info) == [0.2, 0.1])
        #expect(summary.frameDurations == [0.2, 0.1])
        let first = try AnimationTools.webpFrame(path, number: 1, in: directory)
        #expect(ColourDifference.meanCIEDE2000(first, frame) < 2)
    }

    /// One frame (or only identical ones) makes a still WebP, which libwebp writes without an
    /// animation chunk; the summary still reports it.
    @Test(.requires(.webpmux, .dwebp))
    func singleFrameIsAStill() throws {
        let directory = try TemporaryDirectory("glint-webp")
        defer { directory.remove() }
        let path = directory.file("still.webp").path
        let encoder = try AnimatedWebPEncoder(destination: path, width: 16, height: 16)
        for _ in 0..<2 { try encoder.append(VideoTestFrames.flat(width: 16, height: 16, r: 9, g: 99, b: 199), duration: 0.25) }
        let summary = try encoder.finish()
        #expect(summary.frameCount == 1)
        #expect(summary.frameDurations == [0.5])
        #expect(!(try AnimationTools.webpmuxInfo(path)).contains("animation"))
    }

    @Test func refusesBadInput() throws {
        let directory = try TemporaryDirectory("glint-webp")
        defer { directory.remove() }
        let path = directory.file("x.webp").path
        #expect(throws: MediaError.self) { _ = try AnimatedWebPEncoder(destination: path, width: 20_000, height: 10) }
        #expect(throws: MediaError.self) { _ = try AnimatedWebPEncoder(destination: path, width: 10, height: 10, options: .init(quality: 101)) }
        #expect(throws: MediaError.self) { _ = try AnimatedWebPEncoder(destination: path, width: 10, height: 10, options: .init(method: 9)) }
        let encoder = try AnimatedWebPEncoder(destination: path, width: 10, height: 10)
        #expect(throws: MediaError.self) { try encoder.append(RGBImage(width: 10, height: 11), duration: 0.1) }
        #expect(throws: MediaError.self) { try encoder.append(RGBImage(width: 10, height: 10), duration: -1) }
        let error = #expect(throws: MediaError.self) { try encoder.finish() }
        #expect(error?.problem.contains("at least one frame") == true)
        #expect(TemporaryDirectory.contents(of: directory.url).isEmpty)
    }
}
