import Foundation
import GlintTestSupport
import Testing

@testable import GlintMedia

@Suite("MP4Writer and MovieToMP4", .suiteTimeLimit)
struct MP4WriterTests {
    @Test(.requires(.ffprobe, .ffmpeg))
    func encoderOutputWithBFramesKeepsEveryTimestamp() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("gradient.mp4").path
        let (encoder, _, packets) = try VideoEncoderTests.encodeGradient(.h264)
        #expect(packets.contains { $0.dts < 0 }, "libx264 with B-frames starts decoding before zero")
        let writer = try MP4Writer(destination: path)
        let track = writer.addTrack(.video(encoder: encoder))
        for packet in packets { try writer.append(packet, to: track) }
        writer.setMediaEnd(440, of: track)
        try writer.finish()

        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        // Fast start: ftyp, moov, then mdat.
        let movie = try QuickTimeMovie(path: path)
        #expect(movie.topLevelBoxes.map(\.type) == ["ftyp", "moov", "mdat"])
        #expect(movie.majorBrand == "isom")
        #expect(bytes.count == Int(movie.topLevelBoxes.last!.offset + movie.topLevelBoxes.last!.size))
        let video = try #require(movie.videoTrack)
        #expect(video.sampleTable.sampleCount == packets.count)
        #expect(video.sampleTable.syncSamples?.first == 1)
        #expect(abs(movie.duration - 440.0 / 600) < 0.002)

        let run = try ExternalTool.run(
            try #require(MediaProbe.ffprobe),
            [
                "-v", "error", "-select_streams", "v:0", "-show_entries", "frame=pts", "-of", "csv=p=0", path,
            ])
        try #require(run.succeeded, "\(run.summary)")
        // One line per frame, "pts" (the first frame's line also lists its side data).
        let shown = run.stdoutText.split(separator: "\n").compactMap { Int64($0.split(separator: ",").first ?? "") }
        // ffprobe reports pts in the stream time base (1/600): exactly the encoder's input times.
        #expect(shown == VideoEncoderTests.pts, "presented \(shown)")
        #expect(try MediaProbe.decodeErrors(path) == "")
    }

    @Test func failedWriterLeavesNothing() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("never.mp4").path
        do {
            let writer = try MP4Writer(destination: path)
            _ = writer.addTrack(MP4TrackFormat(kind: .audio, sampleEntry: SampleDescription(format: "mp4a", body: []), mediaTimescale: 1000))
            #expect(throws: MediaError.self) { try writer.finish() }  // a track without samples
        }
        #expect(TemporaryDirectory.contents(of: directory.url).isEmpty)
    }

    @Test(.requires(.ffprobe, .ffmpeg, .fixture(SharedFixtures.Name.livePhotoMovie)))
    func realLivePhotoMovieBecomesAPlayableMP4() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("IMG_train.mp4").path
        let source = try QuickTimeMovie(path: SharedFixtures.livePhotoMovie)
        let result = try MovieToMP4.convert(source, to: path, options: .init(keepLocation: false))
        #expect(result.videoCodec == "h264")
        #expect(result.frameCount == 22)
        #expect(result.audioCodec == "aac")

        let copy = try QuickTimeMovie(path: path)
        let video = try #require(copy.videoTrack)
        let original = try #require(source.videoTrack)
        // The samples, their times and the edit list are the source's.
        #expect(video.sampleTable.decodeTimes() == original.sampleTable.decodeTimes())
        #expect(video.sampleTable.sampleSizes == original.sampleTable.sampleSizes)
        #expect(video.editList == original.editList)
        #expect(try copy.sampleData(video, index: 5) == source.sampleData(original, index: 5))
        #expect(copy.header.duration == source.header.duration)

        let (streams, _) = try MediaProbe.streams(path)
        #expect(streams.map { $0["codec_name"] as? String } == ["h264", "aac"])
        #expect(try MediaProbe.decodeErrors(path) == "")
        #expect(try MediaProbe.decodedVideoFrames(path) == 22)
        // 740/600 s of 44.1 kHz audio presented, as in the source's edit list, after the priming.
        #expect(copy.audioTrack?.editList == EditList(entries: [.init(segmentDuration: 740, mediaTime: 1024)]))
        #expect(copy.audioTrack?.mediaTimescale == 44100)
        let samples = try MediaProbe.decodedAudio(path)
        #expect((54390..<54390 + 1024).contains(samples.count), "\(samples.count) audio samples")
    }
}
