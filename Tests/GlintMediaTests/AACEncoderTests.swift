import Foundation
import GlintTestSupport
import Testing

@testable import GlintMedia

@Suite("AACEncoder and LPCM conversion", .suiteTimeLimit)
struct AACEncoderTests {
    /// `seconds` of a sine at `frequency`, interleaved s16le.
    static func sine(seconds: Double, rate: Int, channels: Int, frequency: Double = 440, amplitude: Double = 0.5) -> [UInt8] {
        var bytes: [UInt8] = []
        for i in 0..<Int(seconds * Double(rate)) {
            let value = Int16(amplitude * 32767 * sin(2 * .pi * frequency * Double(i) / Double(rate)))
            for _ in 0..<channels {
                bytes.append(UInt8(truncatingIfNeeded: value))
                bytes.append(UInt8(truncatingIfNeeded: value >> 8))
            }
        }
        return bytes
    }

    @Test func lpcmLayoutsConvertToTheSameFloats() throws {
        // -0.5 and +0.25 in every integer layout, both byte orders, and float.
        let s16le = LPCMFormat(encoding: .signedInteger, bitsPerSample: 16, isLittleEndian: true, channels: 2, sampleRate: 48000)
        #expect(s16le.planarSamples(from: [0x00, 0xC0, 0x00, 0x20][...]) == [[-0.5], [0.25]])
        let s24be = LPCMFormat(encoding: .signedInteger, bitsPerSample: 24, isLittleEndian: false, channels: 2, sampleRate: 48000)
        #expect(s24be.planarSamples(from: [0xC0, 0x00, 0x00, 0x20, 0x00, 0x00][...]) == [[-0.5], [0.25]])
        let f32le = LPCMFormat(encoding: .float, bitsPerSample: 32, isLittleEndian: true, channels: 1, sampleRate: 48000)
        let bits = Float(-0.5).bitPattern
        #expect(f32le.planarSamples(from: [UInt8(bits & 0xFF), UInt8(bits >> 8 & 0xFF), UInt8(bits >> 16 & 0xFF), UInt8(bits >> 24)][...]) == [[-0.5]])
        let u8 = LPCMFormat(encoding: .unsignedInteger, bitsPerSample: 8, isLittleEndian: true, channels: 1, sampleRate: 8000)
        #expect(u8.planarSamples(from: [64, 160, 7][...]) == [[-0.5, 0.25, -0.9453125]])
        // A trailing partial frame is ignored.
        #expect(s16le.planarSamples(from: [0, 0, 0][...]) == [[], []])
    }

    @Test func lpcmFormatReadsTheIPhoneSoundEntry() throws {
        let entry = LPCMAudioTrack.makeSampleEntry(sampleRate: 44100, channels: 1)
        let format = try LPCMFormat(entry)
        #expect(format == LPCMFormat(encoding: .signedInteger, bitsPerSample: 16, isLittleEndian: true, channels: 1, sampleRate: 44100))
    }

    @Test func audioSpecificConfigDescribesTheStream() throws {
        // AAC-LC (object type 2), 44100 Hz (index 4), mono: 00010 0100 0001 000 = 0x12 0x08.
        #expect(try AACEncoder(sampleRate: 44100, channels: 1).audioSpecificConfig.prefix(2) == [0x12, 0x08])
        // 48000 Hz (index 3), stereo: 00010 0011 0010 000 = 0x11 0x90.
        #expect(try AACEncoder(sampleRate: 48000, channels: 2).audioSpecificConfig.prefix(2) == [0x11, 0x90])
        #expect(throws: MediaError.self) { try AACEncoder(sampleRate: 44000, channels: 1) }
        #expect(throws: MediaError.self) { try AACEncoder(sampleRate: 44100, channels: 0) }
    }

    @Test func packetsCoverTheInputAfterThePriming() throws {
        let encoder = try AACEncoder(sampleRate: 44100, channels: 1)
        let format = LPCMFormat(encoding: .signedInteger, bitsPerSample: 16, isLittleEndian: true, channels: 1, sampleRate: 44100)
        let pcm = Self.sine(seconds: 1, rate: 44100, channels: 1)
        var packets: [EncodedAudioPacket] = []
        // Uneven pieces of whole frames: the encoder must cut its own 1024-sample frames.
        var start = 0
        for piece in [1000, 5000, 78, 30000, 50000, 100_000] where start < pcm.count {
            let end = min(pcm.count, start + piece)
            packets += try encoder.encode(pcm: pcm[start..<end], format: format)
            start = end
        }
        packets += try encoder.finish()
        #expect(encoder.samplesIn == 44100)
        #expect(encoder.priming == 1024)
        let first = try #require(packets.first)
        #expect(first.pts == -1024)
        #expect(zip(packets, packets.dropFirst()).allSatisfy { $1.dts == $0.dts + $0.duration })
        let last = try #require(packets.last)
        #expect(last.pts + last.duration >= 44100, "the packets must reach the end of the input")
        #expect(packets.allSatisfy { !$0.data.isEmpty && $0.pts == $0.dts })
    }

    @Test(.requires(.ffprobe, .ffmpeg))
    func aacInMP4PlaysBackThroughItsEditList() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("tone.mp4").path
        let rate = 48000
        let encoder = try AACEncoder(sampleRate: rate, channels: 2)
        let format = LPCMFormat(encoding: .signedInteger, bitsPerSample: 16, isLittleEndian: true, channels: 2, sampleRate: Double(rate))
        let writer = try MP4Writer(destination: path, movieTimescale: 1000)
        // 1.5 s presented, as the edit list says; the priming and the last frame's padding are hidden.
        let track = writer.addTrack(.audio(encoder: encoder, editList: EditList(entries: [.init(segmentDuration: 1500, mediaTime: 0)])))
        for packet in try encoder.encode(pcm: Self.sine(seconds: 1.5, rate: rate, channels: 2)[...], format: format) + encoder.finish() {
            try writer.append(packet, to: track)
        }
        let size = try writer.finish()
        #expect(size == Int64(try Data(contentsOf: URL(fileURLWithPath: path)).count))

        let (streams, container) = try MediaProbe.streams(path)
        let audio = try #require(streams.first)
        #expect(audio["codec_name"] as? String == "aac")
        #expect(audio["profile"] as? String == "LC")
        #expect(audio["sample_rate"] as? String == "48000")
        #expect(audio["channels"] as? Int == 2)
        #expect((container["format_name"] as? String)?.contains("mp4") == true)
        #expect(try MediaProbe.decodeErrors(path) == "")
        // The edit list starts after the priming and presents 1.5 s.
        let written = try QuickTimeMovie(path: path)
        #expect(written.audioTrack?.editList == EditList(entries: [.init(segmentDuration: 1500, mediaTime: 1024)]))
        #expect(written.header.duration == 1500)
        // FFmpeg skips the priming; it trims the end only to a whole packet.
        let decoded = try MediaProbe.decodedAudio(path)
        #expect((72000..<73024).contains(decoded.count), "\(decoded.count) samples decoded")
        // The tone survives: RMS of a 0.5-amplitude sine is about 0.354 of full scale.
        let rms = sqrt(decoded[4800..<67200].reduce(0.0) { $0 + Double($1) * Double($1) } / 62400) / 32767
        #expect(abs(rms - 0.354) < 0.03, "RMS \(rms)")
    }
}
