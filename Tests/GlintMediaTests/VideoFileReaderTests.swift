import Foundation
import GlintTestSupport
import Testing

@testable import GlintMedia

@Suite("VideoFileReader", .suiteTimeLimit)
struct VideoFileReaderTests {
    /// The raw sample-table times of the iPhone 6s fixture (stts 15x40, 3x20, 1x21, 2x20, 1x519).
    static let fixturePTS: [Int64] = Array(stride(from: 0, through: 560, by: 40)) + [600, 620, 640, 660, 681, 701, 721]

    @Test(.requires(.fixture(SharedFixtures.Name.livePhotoMovie)))
    func fixtureStreamsAllFramesWithRawTimestamps() throws {
        let path = SharedFixtures.livePhotoMovie
        let reader = try VideoFileReader(path: path)
        let stream = reader.stream
        #expect(stream.codec == .h264)
        #expect(stream.width == 1440 && stream.height == 1080)
        #expect(stream.timeBaseNumerator == 1 && stream.timeBaseDenominator == 600)
        #expect(stream.frameCount == 22)
        #expect(stream.colourInfo.range == .full)
        #expect(stream.colourInfo.transfer == .bt709)
        #expect(stream.colourInfo.primaries == .bt709)
        #expect(stream.colourInfo.matrix == .smpte170m)
        let config = try AVCDecoderConfigurationRecord(parsing: stream.extradata)
        #expect(config.profileIndication == 100)

        var pts: [Int64] = []
        var first: DecodedVideoFrame?
        while let frame = try reader.nextFrame() {
            if first == nil { first = frame }
            #expect(frame.width == 1440 && frame.height == 1080)
            pts.append(try #require(frame.pts))
        }
        #expect(pts.count == 22)
        #expect(pts == Self.fixturePTS)
        #expect(try reader.nextFrame() == nil)
        let frame = try #require(first)
        #expect(frame.pixelFormatName == "yuvj420p")
        #expect(frame.bitDepth == 8)
        #expect(frame.colourInfo.range == .full)
    }

    @Test(.requires(.fixture(SharedFixtures.Name.livePhotoMovie)))
    func fixtureFrameConvertsToRGBWithCrop() throws {
        let path = SharedFixtures.livePhotoMovie
        let reader = try VideoFileReader(path: path)
        let frame = try #require(try reader.nextFrame())
        let converter = FrameConverter()
        let whole = try converter.rgbImage(from: frame, width: 360, height: 270)
        #expect(whole.width == 360 && whole.height == 270)
        // An odd origin is rounded down to even for 4:2:0; a 1:1 crop from the centre.
        let crop = try converter.rgbImage(from: frame, crop: PixelRect(x: 181, y: 41, width: 1080, height: 1000), width: 540, height: 500)
        #expect(crop.width == 540 && crop.height == 500)
        // A real photo: not black, not one flat colour.
        let mean = VideoTestFrames.meanColour(crop)
        #expect(mean.r + mean.g + mean.b > 60)
        #expect(Set(crop.pixels).count > 100)
        // The crop at full resolution matches the same region of a full conversion.
        let full = try converter.rgbImage(from: frame, width: 1440, height: 1080)
        let region = try converter.rgbImage(from: frame, crop: PixelRect(x: 200, y: 100, width: 400, height: 300), width: 400, height: 300)
        let expected = try ImageScaler().scale(full, crop: PixelRect(x: 200, y: 100, width: 400, height: 300), to: 400, height: 300)
        #expect(VideoTestFrames.psnr(expected, region) > 40)
        #expect(throws: MediaError.self) {
            try converter.rgbImage(from: frame, crop: PixelRect(x: 1400, y: 0, width: 100, height: 10), width: 10, height: 10)
        }
    }

    @Test func textFileNamedMovIsCorrupt() throws {
        let directory = try TemporaryDirectory("glint-video")
        defer { directory.remove() }
        let path = directory.file("movie.mov").path
        try Data(String(repeating: "This is not a movie, just some text.\n", count: 40).utf8).write(to: URL(fileURLWithPath: path))
        let error = try #require(throws: MediaError.self) { try VideoFileReader(path: path) }
        #expect(error.file == path)
        #expect(error.kind == .corrupt || error.kind == .unsupported)
    }

    @Test func zeroByteFileIsEmpty() throws {
        let directory = try TemporaryDirectory("glint-video")
        defer { directory.remove() }
        let path = directory.file("movie.mov").path
        _ = FileManager.default.createFile(atPath: path, contents: Data())
        let error = try #require(throws: MediaError.self) { try VideoFileReader(path: path) }
        #expect(error.kind == .empty)
        #expect(error.file == path)
    }

    @Test func missingFileIsNotFound() throws {
        let error = try #require(throws: MediaError.self) { try VideoFileReader(path: "/nonexistent/glint/none.mov") }
        #expect(error.kind == .notFound)
    }

    @Test(.requires(.fixture(SharedFixtures.Name.livePhotoMovie)))
    func truncatedFixtureFailsCleanly() throws {
        let source = SharedFixtures.livePhotoMovie
        let data = try Data(contentsOf: URL(fileURLWithPath: source))
        let directory = try TemporaryDirectory("glint-video")
        defer { directory.remove() }
        let path = directory.file("movie.mov").path
        // Keep the first 4 KiB only and scramble its boxes: corrupt structure.
        var bytes = [UInt8](data.prefix(4096))
        for i in stride(from: 8, to: bytes.count, by: 7) { bytes[i] ^= 0x5A }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        do {
            let reader = try VideoFileReader(path: path)
            while try reader.nextFrame() != nil {}
            Issue.record("a scrambled movie was read without error")
        } catch let error as MediaError {
            #expect(error.file == path)
        }
    }
}
