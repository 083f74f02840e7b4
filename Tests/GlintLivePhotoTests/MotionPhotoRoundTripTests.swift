import Foundation
import GlintLivePhoto
import GlintMedia
import GlintTestSupport
import Testing

/// Live Photo to Motion Photo to Live Photo on the real iPhone pair, through ``Exporter``: the
/// frames, their times, the sound's length, the still time and the still's coded image survive;
/// and a Motion Photo's motion is H.264 unless told otherwise.
@Suite("Motion Photo round trip and motion codec", .suiteTimeLimit)
struct MotionPhotoRoundTripTests {
    /// A track's presented length in seconds: its edits, else its media.
    static func presentedSeconds(_ track: MovieTrack, movieTimescale: UInt32) -> Double {
        if let edits = track.editList, !edits.entries.isEmpty {
            return Double(edits.entries.filter { $0.mediaTime >= 0 }.reduce(UInt64(0)) { $0 + $1.segmentDuration }) / Double(movieTimescale)
        }
        return Double(track.mediaDuration) / Double(track.mediaTimescale)
    }

    /// Every frame's presentation time in seconds, in presentation order.
    static func frameTimes(_ movie: QuickTimeMovie) throws -> [Double] {
        let video = try #require(movie.videoTrack)
        return video.sampleTable.presentationTimes().compactMap { video.presentationSeconds(ofMediaTime: $0, movieTimescale: movie.header.timescale) }
            .sorted()
    }

    @Test(
        "Live Photo to Motion Photo to Live Photo: frames, frame times (1 ms), sound length (one AAC frame), still time and coded still kept",
        .requires(.livePhotoPair))
    func roundTrip() throws {
        let directory = try TemporaryDirectory("motion-round-trip")
        defer { directory.remove() }
        let options = ExportOptions(outputDirectory: directory.file("motion").path)
        let motion = try Exporter.export(
            stillPath: SharedFixtures.livePhotoStill, moviePath: SharedFixtures.livePhotoMovie, as: .motionPhoto, options: options)
        let motionPhoto = try #require(motion.files.first { $0.kind == .motionPhoto }).path
        let back = try Exporter.export(motionPhotoPath: motionPhoto, as: .pair, options: ExportOptions(outputDirectory: directory.file("live").path))
        let stillPath = try #require(back.files.first { $0.kind == .still }).path
        let moviePath = try #require(back.files.first { $0.kind == .movie }).path

        let original = try QuickTimeMovie(path: SharedFixtures.livePhotoMovie)
        let final = try QuickTimeMovie(path: moviePath)
        #expect(final.videoTrack?.sampleTable.sampleCount == original.videoTrack?.sampleTable.sampleCount)
        let (before, after) = (try Self.frameTimes(original), try Self.frameTimes(final))
        #expect(before.count == after.count)
        let worst = zip(before, after).map { abs($0 - $1) }.max() ?? 0
        #expect(worst <= 0.001, "frame times moved by up to \(worst) s")

        let originalAudio = try #require(original.audioTrack)
        let finalAudio = try #require(final.audioTrack)
        let aacFrame = 1024 / Double(finalAudio.mediaTimescale)
        let soundDifference = abs(
            Self.presentedSeconds(originalAudio, movieTimescale: original.header.timescale)
                - Self.presentedSeconds(finalAudio, movieTimescale: final.header.timescale))
        #expect(soundDifference <= aacFrame, "the sound's length moved by \(soundDifference) s (one AAC frame: \(aacFrame) s)")

        let frame = (before.last ?? 1) / Double(max(before.count - 1, 1))
        let stillTime = try #require(final.stillImageTime)
        #expect(abs(stillTime - (original.stillImageTime ?? -1)) <= frame, "still at \(stillTime) s")
        let stillIdentifier = try JPEGStill(path: stillPath).exif?.contentIdentifier
        #expect(final.contentIdentifier != nil && final.contentIdentifier == stillIdentifier)

        // The still's coded image is the original's, byte for byte (mean CIEDE2000 0).
        let (source, result) = (try JPEGStill(path: SharedFixtures.livePhotoStill), try JPEGStill(path: stillPath))
        #expect(source.file.bytes[source.file.imageDataRange] == result.file.bytes[result.file.imageDataRange])
    }

    @Test("--as motion-photo: HEVC motion becomes H.264 by default; copy keeps HEVC")
    func motionCodec() throws {
        let directory = try TemporaryDirectory("motion-codec")
        defer { directory.remove() }
        let (still, movie) = try ExporterTests.pair(in: directory, codec: "hevc")
        for (codec, expected) in [(MotionCodec.h264, "h264"), (.copy, "hevc"), (.hevc, "hevc")] {
            var options = ExporterTests.options(directory)
            options.outputDirectory = directory.file("out-\(codec.rawValue)").path
            options.motionCodec = codec
            let result = try Exporter.export(stillPath: still, moviePath: movie, as: .motionPhoto, options: options)
            let path = try #require(result.files.first).path
            let photo = try #require(try MotionPhotoReader.read(path: path).motionPhoto)
            #expect(photo.video.codec == expected, "\(codec): \(photo.video.codec)")
            #expect(photo.video.frameCount == 12 && photo.video.audioCodec == "aac")
            #expect(result.notes.contains { $0.contains("transcoded") } == (codec == .h264))
        }
    }

    @Test("--motion-container: a HEIC still becomes a JPEG Motion Photo by default (same picture, EXIF kept), a JPEG one a HEIC with heic")
    func motionContainer() throws {
        let directory = try TemporaryDirectory("motion-container")
        defer { directory.remove() }
        let (heicStill, heicMovie) = try ExporterTests.pair(in: directory, stillFormat: .heic)
        var options = ExporterTests.options(directory)
        options.outputDirectory = directory.file("out-jpeg").path
        let jpeg = try Exporter.export(stillPath: heicStill, moviePath: heicMovie, as: .motionPhoto, options: options)
        let jpegPath = try #require(jpeg.files.first).path
        #expect(jpegPath.hasSuffix("/clip.MP.jpg"))
        #expect(jpeg.notes.contains { $0.contains("re-encoded as a JPEG") })
        let photo = try #require(try MotionPhotoReader.read(path: jpegPath).motionPhoto)
        #expect(photo.primaryMime == "image/jpeg" && photo.source == .containerDirectory)
        let difference = ColourDifference.meanCIEDE2000(try DisplayedPicture.decode(path: heicStill), try DisplayedPicture.decode(path: jpegPath))
        #expect(difference < 1.5, "the JPEG shows the HEIC's picture: mean CIEDE2000 \(difference)")
        let source = try HEICStill(path: heicStill)
        #expect(try JPEGStill(path: jpegPath).exif?.contentIdentifier == source.exif?.contentIdentifier)

        let (jpegStill, jpegMovie) = try ExporterTests.pair(in: directory, rotation: 90)
        options.outputDirectory = directory.file("out-heic").path
        options.motionContainer = .heic
        let heic = try Exporter.export(stillPath: jpegStill, moviePath: jpegMovie, as: .motionPhoto, options: options)
        let heicPath = try #require(heic.files.first).path
        #expect(heicPath.hasSuffix("/clip.MP.heic"))
        let heicPhoto = try #require(try MotionPhotoReader.read(path: heicPath).motionPhoto)
        #expect(heicPhoto.source == .heifBox && heicPhoto.primaryMime == "image/heic")
        let upright = ColourDifference.meanCIEDE2000(try DisplayedPicture.decode(path: jpegStill), try DisplayedPicture.decode(path: heicPath))
        #expect(upright < 1.5, "the HEIC shows the JPEG's picture upright: mean CIEDE2000 \(upright)")
    }
}
