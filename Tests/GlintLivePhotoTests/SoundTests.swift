import Foundation
import GlintMedia
import GlintTestSupport
import Testing

@testable import GlintLivePhoto

/// `volume` and `mute`: LPCM samples scaled (with clipping) or silenced, the track kept; sound that
/// does not change is copied byte for byte.
@Suite("Volume and mute", .suiteTimeLimit)
struct SoundTests {
    static func edit(_ recipe: EditRecipe, into directory: TemporaryDirectory) throws -> LivePhotoEditor.Result {
        try LivePhotoEditor.edit(
            stillPath: SharedFixtures.livePhotoStill, moviePath: SharedFixtures.livePhotoMovie, recipe: recipe,
            outputDirectory: directory.path, options: PairFixtures.fastOptions)
    }

    @Test(.requires(.sharedFixtures))
    func halfVolumeHalvesEverySample() throws {
        let directory = try TemporaryDirectory("glint-sound")
        defer { directory.remove() }
        let result = try Self.edit(EditRecipe(volume: 0.5), into: directory)
        let source = MovieProbe.int16(try MovieProbe.audioBytes(SharedFixtures.livePhotoMovie))
        let output = MovieProbe.int16(try MovieProbe.audioBytes(result.moviePath))
        #expect(output.count == source.count && source.count == 91127)
        let wrong = zip(source, output).filter { abs(Double($1) - Double($0) * 0.5) > 0.5 }
        #expect(wrong.isEmpty, "\(wrong.count) samples are not halved, e.g. \(wrong.prefix(3))")
        #expect(source.contains { abs($0) > 1000 }, "the source must have sound to halve")
        #expect(result.sound == SoundReport(gain: 0.5, muted: false, rewritten: true, trimmed: false, formats: ["s16le 44100 Hz mono"]))
        // The track keeps its timing: same edit list, same presented duration.
        let before = try QuickTimeMovie(path: SharedFixtures.livePhotoMovie).audioTrack
        let after = try QuickTimeMovie(path: result.moviePath).audioTrack
        #expect(after?.editList == before?.editList && after?.mediaDuration == before?.mediaDuration)
        #expect(after?.sampleDescriptions == before?.sampleDescriptions)
    }

    @Test(.requires(.sharedFixtures, .ffprobe, .ffmpeg, .exiftool))
    func muteSilencesButKeepsTheTrack() throws {
        let directory = try TemporaryDirectory("glint-sound")
        defer { directory.remove() }
        let result = try Self.edit(EditRecipe(mute: true), into: directory)
        let output = try MovieProbe.audioBytes(result.moviePath)
        #expect(output.count == 91127 * 2 && output.allSatisfy { $0 == 0 })
        #expect(abs(try MovieProbe.streamDuration(result.moviePath, "a") - 740.0 / 600) < 0.002)
        #expect(result.sound?.muted == true && result.sound?.gain == 0)
    }

    @Test(.requires(.sharedFixtures))
    func unchangedSoundIsCopiedByteForByte() throws {
        let directory = try TemporaryDirectory("glint-sound")
        defer { directory.remove() }
        let result = try Self.edit(EditRecipe(exposure: 0.2, volume: 1), into: directory)
        #expect(try MovieProbe.audioBytes(result.moviePath) == MovieProbe.audioBytes(SharedFixtures.livePhotoMovie))
        #expect(result.sound?.rewritten == false)
        let before = try QuickTimeMovie(path: SharedFixtures.livePhotoMovie).audioTrack?.box.children?.filter { $0.type != "mdia" }
        let after = try QuickTimeMovie(path: result.moviePath).audioTrack?.box.children?.filter { $0.type != "mdia" }
        #expect(before == after)
    }

    @Test(.requires(.sharedFixtures))
    func trimAndVolumeTogetherAreSampleAccurate() throws {
        let directory = try TemporaryDirectory("glint-sound")
        defer { directory.remove() }
        let result = try Self.edit(EditRecipe(trim: TimeRange(start: 0.4, end: 0.9), volume: 2), into: directory)
        let trim = try #require(result.trim)
        let source = MovieProbe.int16(try MovieProbe.audioBytes(SharedFixtures.livePhotoMovie))
        let output = MovieProbe.int16(try MovieProbe.audioBytes(result.moviePath))
        let first = Int((trim.start * 44100).rounded())
        #expect(abs(Double(output.count) - trim.duration * 44100) <= 1)
        let wrong = output.indices.filter { i in
            Int(output[i]) != max(-32768, min(32767, 2 * Int(source[first + i])))
        }
        #expect(wrong.isEmpty, "\(wrong.count) samples wrong")
    }

    @Test(.requires(.ffmpeg))
    func compressedSoundIsRefusedBeforeAnyWork() throws {
        let directory = try TemporaryDirectory("glint-sound")
        defer { directory.remove() }
        let (still, _) = try PairFixtures.synthetic(in: directory.url)
        let movie = directory.file("aac.mov").path
        let ffmpeg = try #require(ExternalTool.find("ffmpeg"))
        let made = try ExternalTool.run(
            ffmpeg,
            [
                "-v", "error", "-f", "lavfi", "-i", "testsrc=size=160x120:rate=15:duration=1",
                "-f", "lavfi", "-i", "sine=frequency=440:duration=1", "-c:v", "libx264",
                "-preset", "ultrafast", "-c:a", "aac", "-shortest", "-y", movie,
            ])
        try #require(made.succeeded, "\(made.summary)")
        let out = directory.file("out").path
        for recipe in [EditRecipe(volume: 0.5), EditRecipe(mute: true), EditRecipe(trim: TimeRange(start: 0.2))] {
            let error = #expect(throws: MediaError.self) {
                try LivePhotoEditor.edit(
                    stillPath: still, moviePath: movie, recipe: recipe, outputDirectory: out,
                    options: PairFixtures.fastOptions)
            }
            #expect(error?.kind == .unsupported && error?.file == movie, "\(String(describing: error))")
            #expect(error?.problem.contains("compressed") == true)
            #expect(!FileManager.default.fileExists(atPath: out))
        }
    }
}
