import Foundation
import GlintTestSupport
import Testing

@testable import GlintMedia

@Suite("QuickTime movie structure", .requires(.sharedFixtures), .suiteTimeLimit)
struct QuickTimeMovieTests {
    @Test func readsTheRealLivePhotoMovie() throws {
        let movie = try QuickTimeMovie(path: SharedFixtures.livePhotoMovie)
        #expect(movie.contentIdentifier?.rawValue == "E905E6C6-C747-4805-942F-9904A0281F02")
        let still = try #require(movie.stillImageTime)
        #expect(abs(still - 0.48) <= 1.0 / 600)
        let video = try #require(movie.videoTrack)
        #expect(video.format == "avc1")
        #expect(video.sampleTable.sampleCount == 22)
        #expect(video.matrix.orientation == .up)
        let entry = try VisualSampleEntry(video.sampleDescriptions[0])
        #expect(entry.width == 1440 && entry.height == 1080)
        let audio = try #require(movie.audioTrack)
        let sound = try SoundSampleEntry(audio.sampleDescriptions[0])
        #expect(audio.format == "lpcm")
        #expect(sound.sampleRate == 44100 && sound.channels == 1 && sound.bitsPerSample == 16 && sound.isLittleEndian)
        #expect(abs(movie.duration - 1.2333) < 0.001)
        #expect(movie.metadata.string(forKey: "com.apple.quicktime.model") == "iPhone 6s")
    }

    @Test func builtStillImageTimeEntryMatchesTheIPhoneLayout() throws {
        let movie = try QuickTimeMovie(path: SharedFixtures.livePhotoMovie)
        let track = try #require(movie.stillImageTimeTrack)
        #expect(track.sampleDescriptions[0] == StillImageTimeTrack.makeSampleEntry())
        #expect(try movie.sampleData(track, index: 0) == StillImageTimeTrack.sampleBytes)
    }

    @Test func boxTreeRoundTripsByteForByte() throws {
        let file = try RandomAccessFile(path: SharedFixtures.livePhotoMovie)
        let moov = try #require(try TopLevelBox.scan(file).first { $0.type == "moov" })
        let bytes = try file.read(at: moov.offset, count: Int(moov.size))
        let parsed = try BoxParser.parseBoxes(bytes[...], context: "moov")
        #expect(parsed.count == 1)
        #expect(parsed[0].serialized == bytes)
    }

    @Test func copiedTracksKeepTheirBytesAndTiming() throws {
        let movie = try QuickTimeMovie(path: SharedFixtures.livePhotoMovie)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let out = directory.file("copy.mov").path
        let writer = try QuickTimeMovieWriter(destination: out)
        var moov = movie.moov
        moov.removeChildren("trak")
        for track in movie.tracks { moov.children!.append(try writer.copyTrack(track, from: movie)) }
        try writer.finish(moov: moov)
        let copy = try QuickTimeMovie(path: out)
        #expect(copy.tracks.count == movie.tracks.count)
        #expect(copy.stillImageTime == movie.stillImageTime)
        for (a, b) in zip(movie.tracks, copy.tracks) {
            #expect(a.sampleTable.sampleCount == b.sampleTable.sampleCount)
            let n = a.sampleTable.sampleCount
            for i in [0, n / 2, n - 1] {
                #expect(try movie.sampleData(a, index: i) == copy.sampleData(b, index: i))
            }
        }
    }

    @Test(arguments: [
        ("empty", [UInt8]()),
        ("text", Array("this is not a movie, just some text\n".utf8)),
        ("truncated box", [0, 0, 0x10, 0, 0x66, 0x74, 0x79, 0x70, 0x71, 0x74]),
    ])
    func badFilesGiveTypedErrors(name: String, bytes: [UInt8]) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("\(name).mov").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        let error = try #require(throws: MediaError.self) { try QuickTimeMovie(path: path) }
        #expect(error.file == path)
    }

    @Test func corruptMoovIsReportedAsCorrupt() throws {
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: SharedFixtures.livePhotoMovie)))
        let file = try RandomAccessFile(path: SharedFixtures.livePhotoMovie)
        let moov = try #require(try TopLevelBox.scan(file).first { $0.type == "moov" })
        // Break the first track's size field.
        let trak = Int(moov.offset) + 8 + 108
        bytes[trak] = 0x7F
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("corrupt.mov").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        let error = try #require(throws: MediaError.self) { try QuickTimeMovie(path: path) }
        #expect(error.kind == .corrupt)
        #expect(error.description.contains("moov"))
    }
}

@Suite("Orientation", .suiteTimeLimit)
struct OrientationTests {
    @Test func compositionAndInverse() {
        for a in Orientation.allCases {
            #expect(a.followed(by: a.inverse) == .up)
            for b in Orientation.allCases {
                // Check composition against point mapping.
                let (w, h) = (4.0, 3.0)
                let p = a.apply(x: 1, y: 0.5, width: w, height: h)
                let (w2, h2) = a.swapsDimensions ? (h, w) : (w, h)
                let q = b.apply(x: p.x, y: p.y, width: w2, height: h2)
                let r = a.followed(by: b).apply(x: 1, y: 0.5, width: w, height: h)
                #expect(abs(q.x - r.x) < 1e-9 && abs(q.y - r.y) < 1e-9, "\(a) then \(b)")
            }
        }
    }

    @Test func matrixRoundTrip() {
        for o in Orientation.allCases {
            #expect(TransformMatrix(orientation: o, width: 1920, height: 1080).orientation == o)
        }
        // The matrix iPhones write for portrait video: 90 degrees clockwise, tx = height.
        let portrait = TransformMatrix(values: [0, 0x10000, 0, -0x10000, 0, 0, 1080 << 16, 0, 0x4000_0000])
        #expect(portrait.orientation == .right)
        #expect(TransformMatrix(orientation: .right, width: 1920, height: 1080) == portrait)
    }
}

@Suite("Movie header", .suiteTimeLimit)
struct MovieHeaderTests {
    @Test func patchRewritesDurationAndNextTrackOnly() throws {
        var box = MovieHeader.makeBox(timescale: 600, duration: 740, nextTrackID: 5)
        let original = box
        var header = try MovieHeader(box)
        #expect(header.timescale == 600 && header.duration == 740 && header.nextTrackID == 5)
        header.nextTrackID = 9
        header.duration = 1200
        try header.patch(&box)
        let reread = try MovieHeader(box)
        #expect(reread.nextTrackID == 9 && reread.duration == 1200 && reread.timescale == 600)
        #expect(box.payload.count == original.payload.count)
    }
}
