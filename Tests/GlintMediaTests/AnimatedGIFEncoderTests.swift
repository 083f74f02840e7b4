import Foundation
import GlintMedia
import GlintTestSupport
import Testing

@Suite("Animated GIF encoder", .suiteTimeLimit)
struct AnimatedGIFEncoderTests {
    /// Flat colours come back exactly; gifsicle sees every frame, the real delays and the loop.
    @Test(.requires(.ffmpeg, .gifsicle))
    func flatColoursRoundTrip() throws {
        let directory = try TemporaryDirectory("glint-gif")
        defer { directory.remove() }
        let colours: [(UInt8, UInt8, UInt8)] = [(200, 30, 30), (30, 200, 30), (30, 30, 200), (250, 250, 250), (200, 30, 30)]
        let frames = colours.map { VideoTestFrames.flat(width: 40, height: 30, r: $0.0, g: $0.1, b: $0.2) }
        let path = directory.file("flat.gif").path
        let encoder = try AnimatedGIFEncoder(destination: path, width: 40, height: 30)
        for frame in frames { try encoder.append(frame, duration: 1.0 / 30) }
        let summary = try encoder.finish()
        #expect(summary.frameCount == 5)
        // 1/30 s frames: centiseconds 3, 4, 3, 3, 4 (ends at 3.3, 6.7, 10, 13.3, 16.7 rounded).
        #expect(summary.frameDurations == [0.03, 0.04, 0.03, 0.03, 0.04])

        let info = try AnimationTools.gifsicleInfo(path)
        #expect(info.contains("5 images"))
        #expect(info.contains("loop forever"))
        #expect(AnimationTools.gifDelays(info) == summary.frameDurations)
        let decoded = try AnimationTools.ffmpegFrames(path, width: 40, height: 30)
        #expect(decoded == frames)
        #expect(
            try AnimationTools.run(
                "ffprobe",
                [
                    "-v", "error", "-count_frames", "-show_entries", "stream=nb_read_frames",
                    "-of", "csv=p=0", path,
                ]
            ).stdoutText.trimmingCharacters(in: .whitespacesAndNewlines) == "5")
    }

    /// A smooth gradient through 256 colours: error diffusion keeps the local average of the
    /// picture (what the eye sees) much closer than plain nearest colours do.
    @Test(.requires(.ffmpeg, .gifsicle))
    func ditheringKeepsGradients() throws {
        let directory = try TemporaryDirectory("glint-gif")
        defer { directory.remove() }
        let frames = (0..<3).map { VideoTestFrames.movingGradient(width: 160, height: 120, index: $0) }
        var errors: [Dithering: Double] = [:]
        for dithering in Dithering.allCases {
            let path = directory.file("\(dithering.rawValue).gif").path
            let encoder = try AnimatedGIFEncoder(
                destination: path, width: 160, height: 120,
                options: .init(dithering: dithering))
            for frame in frames { try encoder.append(frame, duration: 0.1) }
            try encoder.finish()
            let decoded = try AnimationTools.ffmpegFrames(path, width: 160, height: 120)
            #expect(decoded.count == 3)
            let seen = AnimationTools.blurred(decoded[1])
            let truth = AnimationTools.blurred(frames[1])
            errors[dithering] = zip(seen, truth).map { abs($0 - $1) }.reduce(0, +) / Double(seen.count)
            #expect(ColourDifference.meanCIEDE2000(decoded[1], frames[1], step: 2) < 5, "\(dithering)")
        }
        let diffused = try #require(errors[.floydSteinberg])
        let plain = try #require(errors[.none])
        #expect(diffused < plain * 0.6, "local error: diffused \(diffused), plain \(plain), ordered \(errors[.ordered] ?? -1)")
    }

    /// Loop settings reach the file: none, a count, forever.
    @Test(.requires(.gifsicle))
    func loopSettings() throws {
        let directory = try TemporaryDirectory("glint-gif")
        defer { directory.remove() }
        for (loops, expected) in [(Int?.none, nil), (2, "loop count 2"), (0, "loop forever")] as [(Int?, String?)] {
            let path = directory.file("repeat\(loops ?? -1).gif").path
            let encoder = try AnimatedGIFEncoder(destination: path, width: 8, height: 8, options: .init(loopCount: loops))
            try encoder.append(VideoTestFrames.flat(width: 8, height: 8, r: 1, g: 2, b: 3), duration: 0.5)
            try encoder.append(VideoTestFrames.flat(width: 8, height: 8, r: 100, g: 2, b: 3), duration: 0.5)
            try encoder.finish()
            let info = try AnimationTools.gifsicleInfo(path)
            if let expected { #expect(info.contains(expected), "\(info)") } else { #expect(!info.contains("loop"), "\(info)") }
        }
    }

    /// Bad frames and settings are refused; an unfinished or failed encoder leaves no file.
    @Test func refusesBadInput() throws {
        let directory = try TemporaryDirectory("glint-gif")
        defer { directory.remove() }
        let path = directory.file("x.gif").path
        #expect(throws: MediaError.self) { _ = try AnimatedGIFEncoder(destination: path, width: 70_000, height: 10) }
        #expect(throws: MediaError.self) { _ = try AnimatedGIFEncoder(destination: path, width: 10, height: 10, options: .init(maxColours: 1)) }
        do {
            let encoder = try AnimatedGIFEncoder(destination: path, width: 10, height: 10)
            #expect(throws: MediaError.self) { try encoder.append(RGBImage(width: 11, height: 10), duration: 0.1) }
            #expect(throws: MediaError.self) { try encoder.append(RGBImage(width: 10, height: 10), duration: 0) }
            #expect(throws: MediaError.self) { try encoder.append(RGBImage(width: 10, height: 10), duration: .nan) }
            let error = #expect(throws: MediaError.self) { try encoder.finish() }
            #expect(error?.problem.contains("at least one frame") == true)
        }
        do {
            let encoder = try AnimatedGIFEncoder(destination: path, width: 10, height: 10)
            try encoder.append(RGBImage(width: 10, height: 10), duration: 0.1)
            // Dropped without finish.
        }
        #expect(TemporaryDirectory.contents(of: directory.url).isEmpty)
        let missing = directory.file("no/such/folder/x.gif").path
        let encoder = try AnimatedGIFEncoder(destination: missing, width: 10, height: 10)
        try encoder.append(RGBImage(width: 10, height: 10), duration: 0.1)
        let error = #expect(throws: MediaError.self) { try encoder.finish() }
        #expect(error?.kind == .writeFailed)
    }

    /// Delays follow the real timeline without drift, and none is under 2 centiseconds.
    @Test func frameTicksDoNotDrift() {
        var ticks = FrameTicks(rate: 100, minimum: 2)
        let thirty = (0..<300).map { _ in ticks.next(duration: 1.0 / 30) }
        #expect(thirty.reduce(0, +) == 1000)
        #expect(Set(thirty) == [3, 4])
        var fast = FrameTicks(rate: 100, minimum: 2)
        let sixty = (0..<60).map { _ in fast.next(duration: 1.0 / 60) }
        #expect(sixty.allSatisfy { $0 >= 2 })
        var milliseconds = FrameTicks(rate: 1000)
        let variable = [0.0333, 0.0334, 0.0317, 0.0666].map { milliseconds.next(duration: $0) }
        // Each frame ends at the millisecond nearest its real end: 33.3, 66.7, 98.4, 165.0.
        #expect(variable == [33, 34, 31, 67])
    }

    /// Median cut gives each distinct colour its own entry when there are few, and spends its
    /// entries where the pixels are when there are many.
    @Test func medianCutPalette() {
        var histogram = ColourHistogram()
        histogram.add(VideoTestFrames.flat(width: 4, height: 4, r: 10, g: 20, b: 30))
        histogram.add(VideoTestFrames.flat(width: 4, height: 4, r: 240, g: 10, b: 10))
        let two = MedianCutQuantizer.palette(from: histogram, maxColours: 16)
        #expect(Set(two) == [PaletteColour(red: 10, green: 20, blue: 30), PaletteColour(red: 240, green: 10, blue: 10)])
        #expect(MedianCutQuantizer.palette(from: ColourHistogram(), maxColours: 4).count == 1)

        var gradient = ColourHistogram()
        gradient.add(VideoTestFrames.movingGradient(width: 200, height: 150, index: 0))
        let palette = MedianCutQuantizer.palette(from: gradient, maxColours: 64)
        #expect(palette.count == 64)
        let image = VideoTestFrames.movingGradient(width: 200, height: 150, index: 0)
        func error(of palette: [PaletteColour]) -> Double {
            let indices = PaletteMapper(palette: palette).indices(of: image, dithering: .none)
            var pixels: [UInt8] = []
            for index in indices {
                let c = palette[Int(index)]
                pixels += [c.red, c.green, c.blue]
            }
            return ColourDifference.meanCIEDE2000(RGBImage(width: 200, height: 150, pixels: pixels), image, step: 2)
        }
        // Against the same number of colours spread evenly over the cube (4 levels a channel).
        let levels: [UInt8] = [32, 96, 160, 224]
        let uniform = levels.flatMap { r in levels.flatMap { g in levels.map { b in PaletteColour(red: r, green: g, blue: b) } } }
        let cut = error(of: palette)
        let even = error(of: uniform)
        #expect(cut < even * 0.6, "median cut ΔE \(cut), uniform ΔE \(even)")
    }
}
