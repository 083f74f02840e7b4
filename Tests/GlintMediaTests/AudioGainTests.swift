import Foundation
import GlintTestSupport
import Testing

@testable import GlintMedia

@Suite("LPCM gain and formats", .suiteTimeLimit)
struct AudioGainTests {
    static func format(_ encoding: LPCMFormat.Encoding, _ bits: Int, little: Bool, channels: Int = 1) -> LPCMFormat {
        LPCMFormat(encoding: encoding, bitsPerSample: bits, isLittleEndian: little, channels: channels, sampleRate: 44100)
    }

    /// Encodes integer samples of `format` into bytes.
    static func bytes(_ values: [Int64], _ format: LPCMFormat) -> [UInt8] {
        let size = format.bytesPerSample
        return values.flatMap { value -> [UInt8] in
            let raw = UInt64(bitPattern: value + (format.encoding == .unsignedInteger ? Int64(1) << (8 * size - 1) : 0))
            let littleEndian = (0..<size).map { UInt8(truncatingIfNeeded: raw >> UInt64(8 * $0)) }
            return format.isLittleEndian ? littleEndian : littleEndian.reversed()
        }
    }

    static func values(_ bytes: [UInt8], _ format: LPCMFormat) -> [Int64] {
        let size = format.bytesPerSample
        return stride(from: 0, to: bytes.count, by: size).map { start in
            let sample = Array(bytes[start..<(start + size)])
            let ordered = format.isLittleEndian ? sample : sample.reversed()
            var raw: UInt64 = 0
            for (k, byte) in ordered.enumerated() { raw |= UInt64(byte) << UInt64(8 * k) }
            if format.encoding == .unsignedInteger { return Int64(raw) - (Int64(1) << (8 * size - 1)) }
            let shift = UInt64(64 - 8 * size)
            return Int64(bitPattern: raw << shift) >> Int64(shift)
        }
    }

    @Test(arguments: [(16, true), (16, false), (24, true), (24, false), (32, true), (32, false), (8, false)])
    func halvingHalvesEverySignedIntegerSample(bits: Int, little: Bool) {
        let format = Self.format(.signedInteger, bits, little: little)
        let top = (Int64(1) << (bits - 1)) - 1
        let input: [Int64] = [0, 1, -1, 1000 % top, -1000 % top, top, -top - 1, top / 3, -(top / 5)]
        var bytes = Self.bytes(input, format)
        AudioGain(0.5).apply(to: &bytes, format: format)
        let output = Self.values(bytes, format)
        for (a, b) in zip(input, output) {
            #expect(abs(Double(b) - Double(a) * 0.5) <= 0.5, "\(bits)-bit \(little ? "le" : "be"): \(a) became \(b)")
        }
    }

    @Test func gainClipsAtFullScale() {
        let format = Self.format(.signedInteger, 16, little: true)
        var bytes = Self.bytes([20000, -20000, 100, 32767, -32768], format)
        AudioGain(4).apply(to: &bytes, format: format)
        #expect(Self.values(bytes, format) == [32767, -32768, 400, 32767, -32768])
    }

    @Test func unsignedEightBitSilenceIsHalfScale() {
        let format = Self.format(.unsignedInteger, 8, little: true)
        var bytes: [UInt8] = [0, 64, 128, 200, 255]
        AudioGain(0).apply(to: &bytes, format: format)
        #expect(bytes == [128, 128, 128, 128, 128])
        var halved: [UInt8] = [0, 64, 128, 200, 255]
        AudioGain(0.5).apply(to: &halved, format: format)
        #expect(halved == [64, 96, 128, 164, 192])
    }

    @Test(arguments: [true, false])
    func floatSamplesScaleAndClip(little: Bool) {
        let format = Self.format(.float, 32, little: little)
        let input: [Float] = [0.5, -0.25, 0.9, -0.9, 0]
        var bytes = input.flatMap { value -> [UInt8] in
            let raw = value.bitPattern
            let le = (0..<4).map { UInt8(truncatingIfNeeded: raw >> UInt32(8 * $0)) }
            return little ? le : le.reversed()
        }
        AudioGain(2).apply(to: &bytes, format: format)
        let output = stride(from: 0, to: bytes.count, by: 4).map { start -> Float in
            let sample = Array(bytes[start..<(start + 4)])
            let ordered = little ? sample : sample.reversed()
            return Float(bitPattern: ordered.enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << UInt32(8 * $1.offset) })
        }
        #expect(output == [1, -0.5, 1, -1, 0])
    }

    @Test func muteSilencesStereo24Bit() {
        let format = Self.format(.signedInteger, 24, little: true, channels: 2)
        var bytes = Self.bytes([123_456, -8_000_000, 5, -5], format)
        AudioGain(0).apply(to: &bytes, format: format)
        #expect(bytes.allSatisfy { $0 == 0 })
    }

    @Test func formatsAreReadFromSampleEntries() throws {
        let lpcm = try LPCMFormat(LPCMAudioTrack.makeSampleEntry(sampleRate: 44100, channels: 2))
        #expect(lpcm == Self.format(.signedInteger, 16, little: true, channels: 2))
        #expect(lpcm.name == "s16le 44100 Hz stereo")
        // An AAC entry is refused with a message naming what is needed.
        var body = [UInt8](repeating: 0, count: 28)
        body[7] = 1
        let aac = SampleDescription(format: "mp4a", body: body)
        let error = #expect(throws: MediaError.self) { try LPCMFormat(aac) }
        #expect(error?.kind == .unsupported && error?.problem.contains("LPCM") == true, "\(String(describing: error))")
    }
}
