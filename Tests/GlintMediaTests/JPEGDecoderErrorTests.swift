import GlintMedia
import GlintTestSupport
import Testing

@Suite("JPEG decoder errors", .suiteTimeLimit)
struct JPEGDecoderErrorTests {
    @Test("zero bytes is .empty")
    func emptyInput() {
        #expect(JPEGTestImages.errorKind { _ = try JPEGDecoder.decode([]) } == .empty)
        #expect(JPEGTestImages.errorKind { _ = try JPEGDecoder.readHeader([]) } == .empty)
        #expect(JPEGTestImages.errorKind { _ = try JPEGFile(parsing: []) } == .empty)
    }

    @Test("random garbage is .corrupt, saying it is not a JPEG")
    func garbageInput() throws {
        var random = SeededRandomGenerator(seed: 42)
        var garbage = random.bytes(4096)
        garbage[0] = 0x47
        do {
            _ = try JPEGDecoder.decode(garbage)
            Issue.record("garbage decoded")
        } catch let error as MediaError {
            #expect(error.kind == .corrupt)
            #expect(error.problem.contains("Not a JPEG file"))
            #expect(error.file == nil)
        }
        #expect(JPEGTestImages.errorKind { _ = try JPEGFile(parsing: garbage) } == .corrupt)
    }

    @Test("a truncated JPEG is .truncated, not gray-filled")
    func truncatedInput() throws {
        let encoded = try JPEGEncoder.encode(JPEGTestImages.colorful(width: 200, height: 150))
        for length in [encoded.count / 2, encoded.count - 2, 200] {
            let truncated = Array(encoded.prefix(length))
            #expect(JPEGTestImages.errorKind { _ = try JPEGDecoder.decode(truncated) } == .truncated, "cut at \(length)")
            #expect(JPEGTestImages.errorKind { _ = try JPEGFile(parsing: truncated) } == .truncated, "cut at \(length)")
        }
        let progressive = JPEGSampleFiles.progressiveRGB24x16
        let cut = Array(progressive.prefix(progressive.count * 2 / 3))
        #expect(JPEGTestImages.errorKind { _ = try JPEGDecoder.decode(cut) } == .truncated)
    }

    @Test("a header claiming 65535x65535 is .tooLarge before allocation")
    func maximumDimensionsRefused() throws {
        let encoded = try JPEGEncoder.encode(JPEGTestImages.colorful(width: 16, height: 16))
        let patched = try JPEGTestImages.patchingFrameSize(of: encoded, width: 65535, height: 65535)
        #expect(patched != encoded)
        #expect(JPEGTestImages.errorKind { _ = try JPEGDecoder.decode(patched) } == .tooLarge)
        #expect(JPEGTestImages.errorKind { _ = try JPEGDecoder.readHeader(patched) } == .tooLarge)
    }

    @Test("a header over the pixel-count limit is .tooLarge before allocation")
    func pixelCountLimit() throws {
        let encoded = try JPEGEncoder.encode(JPEGTestImages.colorful(width: 16, height: 16))
        // 60000 x 60000 is within libjpeg's per-side maximum but 3.6 gigapixels.
        let patched = try JPEGTestImages.patchingFrameSize(of: encoded, width: 60000, height: 60000)
        #expect(try JPEGDecoder.readHeader(patched).width == 60000)
        #expect(JPEGTestImages.errorKind { _ = try JPEGDecoder.decode(patched) } == .tooLarge)
        let tight = ImageLimits(maxWidth: 100, maxHeight: 100, maxPixelCount: 200)
        #expect(JPEGTestImages.errorKind { _ = try JPEGDecoder.decode(encoded, limits: tight) } == .tooLarge)
    }

    @Test("errors name no file until the caller attaches one")
    func callerNamesFile() {
        do {
            _ = try MediaError.naming("/photos/a.jpg") { try JPEGDecoder.decode([]) }
            Issue.record("empty input decoded")
        } catch let error as MediaError {
            #expect(error.file == "/photos/a.jpg")
            #expect(error.kind == .empty)
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test("damaged data never crashes the decoder or the parser")
    func damagedDataIsHandled() throws {
        let sample = JPEGSampleFiles.progressiveRGB24x16
        for length in 0..<sample.count {
            let prefix = Array(sample.prefix(length))
            _ = try? JPEGFile(parsing: prefix)
            _ = try? JPEGDecoder.decode(prefix)
        }
        let encoded = try JPEGEncoder.encode(JPEGTestImages.colorful(width: 64, height: 64))
        var random = SeededRandomGenerator(seed: 7)
        for _ in 0..<300 {
            var damaged = encoded
            for _ in 0..<Int.random(in: 1...8, using: &random) {
                damaged[Int.random(in: 0..<damaged.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
            _ = try? JPEGFile(parsing: damaged)
            _ = try? JPEGDecoder.decodeReportingWarnings(damaged)
        }
    }
}
