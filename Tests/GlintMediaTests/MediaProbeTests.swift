import Foundation
import GlintProbe
import GlintTestSupport
import Testing

@testable import GlintMedia

/// GlintMedia's header probe (this test target's own `MediaProbe` runs ffprobe).
private typealias HeaderProbe = GlintProbe.MediaProbe

@Suite("MediaProbe (header probe)", .suiteTimeLimit)
struct MediaProbeTests {
    @Test("real stills give their pixel dimensions", .requires(.sharedFixtures))
    func realStills() throws {
        let cases: [(String, HeaderProbe.Format, Int, Int)] = [
            (SharedFixtures.Name.livePhotoStill, .jpeg, 4032, 3024),
            (SharedFixtures.Name.mismatchedStill, .jpeg, 750, 1334),
            (SharedFixtures.Name.heicStill, .heic, 4032, 3024),  // coded size; irot 270 displays it 3024x4032
            (MotionPhotoFiles.ultraHDR, .jpeg, 3072, 4080),  // the gain map after EOI is not a video
            (MotionPhotoFiles.plain, .png, 100, 400),  // a PNG named .jpg
        ]
        for (name, format, width, height) in cases {
            let probe = try HeaderProbe.probe(path: SharedFixtures.path(name))
            #expect(probe == HeaderProbe(format: format, width: width, height: height), "\(name)")
            #expect(probe.pixelCount == width * height)
            #expect(!probe.isMotionPhoto)
        }
    }

    @Test("real movies give their presented duration", .requires(.sharedFixtures))
    func realMovies() throws {
        let train = try HeaderProbe.probe(path: SharedFixtures.livePhotoMovie)
        #expect(train.format == .movie)
        #expect(train.width == nil && train.height == nil)
        // 1.23 s presented through the edit list (2.07 s of media).
        #expect(abs(try #require(train.duration) - 1.2333) < 0.001)
        let mismatched = try HeaderProbe.probe(path: SharedFixtures.mismatchedMovie)
        #expect(abs(try #require(mismatched.duration) - 1.5333) < 0.001)
    }

    @Test(
        "the Samsung HEIC Motion Photo gives both its size and its video's duration",
        .requires(.motionPhotoFixtures))
    func samsungMotionPhoto() throws {
        let probe = try HeaderProbe.probe(path: SharedFixtures.path(MotionPhotoFiles.heic))
        #expect(probe.format == .heic)
        #expect(probe.width == 4000 && probe.height == 3000)
        #expect(abs(try #require(probe.duration) - 2.0831) < 0.001)
        #expect(probe.isMotionPhoto)
    }

    @Test(
        "a JPEG Motion Photo of the real pair gives the still's size and the MP4's duration",
        .requires(.livePhotoPair))
    func jpegMotionPhoto() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (path, _, mp4) = try MotionPhotoFiles.realMotionPhoto(in: directory)
        let probe = try HeaderProbe.probe(path: path)
        #expect(probe.format == .jpeg)
        #expect(probe.width == 4032 && probe.height == 3024)
        #expect(probe.duration == (try QuickTimeMovie(path: mp4).duration))
        #expect(probe.isMotionPhoto)
        #expect(try HeaderProbe.probe(path: mp4).duration == probe.duration)
    }

    @Test(
        "the broken MicroVideo JPEG is a typed error naming its broken video", .requires(.motionPhotoFixtures))
    func brokenMotionPhoto() throws {
        let path = SharedFixtures.path(MotionPhotoFiles.broken)
        let error = try #require(throws: MediaError.self) { try HeaderProbe.probe(path: path) }
        #expect(error.file == path)
        #expect([.corrupt, .truncated].contains(error.kind))
        #expect(error.problem.contains("embedded Motion Photo video"), "\(error)")
    }

    @Test(
        "every cut of a real still, movie and Motion Photo is a typed error or a probe, never a crash",
        .requires(.motionPhotoFixtures))
    func truncatedFiles() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let names = [SharedFixtures.Name.livePhotoStill, SharedFixtures.Name.livePhotoMovie, SharedFixtures.Name.heicStill, MotionPhotoFiles.heic]
        for name in names {
            let bytes = try SharedFixtures.bytes(name)
            for kept in [0, 1, 2, 3, 11, 20, 100, 1000, 5000, bytes.count / 2, bytes.count - 1] {
                let cut = directory.file("cut").path
                try Data(bytes.prefix(kept)).write(to: URL(fileURLWithPath: cut))
                do {
                    let probe = try HeaderProbe.probe(path: cut)
                    // A still cut after its headers still has them; a movie or a HEIF never survives a cut.
                    #expect(probe.format == .jpeg, "\(name) cut to \(kept) bytes gave \(probe)")
                } catch let error as MediaError {
                    #expect(error.file == cut, "\(name) cut to \(kept): \(error)")
                }
            }
        }
    }

    @Test("garbage, empty and missing files are typed errors")
    func garbage() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var random = SeededRandomGenerator(seed: 14)
        let inputs: [(String, [UInt8], MediaError.Kind)] = [
            ("empty", [], .empty),
            ("text", Array("hello, this is not a picture".utf8), .unsupported),
            ("random", (0..<4096).map { _ in UInt8.random(in: 0...255, using: &random) }, .unsupported),
            ("jpeg-soi-only", [0xFF, 0xD8, 0xFF], .truncated),
            ("jpeg-scan-first", [0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x02], .corrupt),
            ("jpeg-zero-length", [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x00], .corrupt),
            ("jpeg-long-segment", [0xFF, 0xD8, 0xFF, 0xE1, 0xFF, 0xFF, 0x00], .truncated),
            ("jpeg-zero-size", [0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x0B, 8, 0, 0, 0, 0, 3, 1, 0x11, 0], .corrupt),
            ("png-short", PNGHeader.signature + [0, 0, 0, 13], .truncated),
            ("heic-no-meta", Self.box("ftyp", Array("heic".utf8) + [0, 0, 0, 0]), .corrupt),
            ("movie-no-moov", Self.box("ftyp", Array("isom".utf8) + [0, 0, 0, 0]) + Self.box("mdat", [1, 2, 3]), .corrupt),
        ]
        for (name, bytes, kind) in inputs {
            let path = directory.file(name).path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let error = try #require(throws: MediaError.self, "\(name)") { try HeaderProbe.probe(path: path) }
            #expect(error.kind == kind, "\(name): \(error)")
            #expect(error.file == path, "\(name): \(error)")
        }
        let missing = directory.file("missing").path
        #expect(throws: MediaError.self) { try HeaderProbe.probe(path: missing) }
    }

    @Test("a JPEG frame header is found after large APP segments without reading the image data")
    func jpegHeaderAfterSegments() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let jpeg = try MotionPhotoFiles.smallJPEG()
        // Two 64 kB APP segments before the original's, and garbage where the image data would be:
        // the probe stops at the frame header.
        let app = [UInt8](repeating: 0x41, count: 65_000)
        let segment: [UInt8] = [0xFF, 0xE4, UInt8((app.count + 2) >> 8), UInt8((app.count + 2) & 0xFF)] + app
        let frame = try #require(Self.frameHeaderOffset(jpeg))
        let bytes = [0xFF, 0xD8] + segment + segment + Array(jpeg[2..<frame]) + Array(jpeg[frame..<(frame + 19)]) + [UInt8](repeating: 0, count: 100)
        let path = directory.file("segments.jpg").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(try HeaderProbe.probe(path: path) == HeaderProbe(format: .jpeg, width: 64, height: 48))
    }

    /// An ISO BMFF box.
    static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        let size = UInt32(8 + payload.count)
        return [UInt8(size >> 24), UInt8((size >> 16) & 0xFF), UInt8((size >> 8) & 0xFF), UInt8(size & 0xFF)] + Array(type.utf8) + payload
    }

    /// Where the SOF0 marker of a baseline JPEG is.
    static func frameHeaderOffset(_ jpeg: [UInt8]) -> Int? {
        var offset = 2
        while offset + 4 <= jpeg.count, jpeg[offset] == 0xFF {
            if jpeg[offset + 1] == 0xC0 { return offset }
            offset += 2 + (Int(jpeg[offset + 2]) << 8 | Int(jpeg[offset + 3]))
        }
        return nil
    }
}
