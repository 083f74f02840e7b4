import GlintTestSupport
import Testing

@testable import GlintMedia

@Suite("VideoEncoder", .suiteTimeLimit)
struct VideoEncoderTests {
    static let width = 320
    static let height = 240
    /// Variable frame timing in a 1/600 time base, as in iPhone movies.
    static let pts: [Int64] = [0, 40, 80, 100, 121, 161, 201, 241, 281, 300, 340, 400]

    /// Encodes the moving gradient and returns the encoder, inputs and packets.
    static func encodeGradient(_ codec: VideoCodec, colour: VideoColourInfo = .bt709Limited)
        throws -> (VideoEncoder, [RGBImage], [EncodedVideoPacket])
    {
        let encoder = try VideoEncoder(
            configuration: VideoEncoderConfiguration(
                codec: codec, width: width, height: height, timeBaseNumerator: 1, timeBaseDenominator: 600,
                colourInfo: colour
            ))
        var inputs: [RGBImage] = []
        var packets: [EncodedVideoPacket] = []
        for (index, pts) in pts.enumerated() {
            let image = VideoTestFrames.movingGradient(width: width, height: height, index: index)
            inputs.append(image)
            packets += try encoder.encode(frame: image, pts: pts)
        }
        packets += try encoder.finish()
        return (encoder, inputs, packets)
    }

    @Test(arguments: [VideoCodec.h264, VideoCodec.hevc])
    func roundTripKeepsTimestampsAndQuality(_ codec: VideoCodec) throws {
        let (encoder, inputs, packets) = try Self.encodeGradient(codec)
        #expect(packets.count == Self.pts.count)
        let first = try #require(packets.first)
        #expect(first.isKeyframe)
        #expect(packets.map(\.pts).sorted() == Self.pts)
        let dts = packets.map(\.dts)
        #expect(zip(dts, dts.dropFirst()).allSatisfy { $0 < $1 }, "dts must increase: \(dts)")
        #expect(packets.allSatisfy { $0.dts <= $0.pts })
        print("\(codec) packets (pts, dts): \(packets.map { "(\($0.pts), \($0.dts)\($0.isKeyframe ? " key" : ""))" })")
        for packet in packets {
            // Every sample is well-formed length-prefixed NAL units.
            #expect(try !AnnexB.units(inLengthPrefixed: packet.data).isEmpty)
        }

        let decoder = try VideoDecoder(codec: codec, configuration: encoder.decoderConfigurationRecord)
        var frames: [DecodedVideoFrame] = []
        for packet in packets {
            frames += try decoder.decode(packet: packet.data, pts: packet.pts, dts: packet.dts)
        }
        frames += try decoder.flush()
        #expect(frames.count == Self.pts.count)
        #expect(frames.compactMap(\.pts) == Self.pts)
        let converter = FrameConverter()
        for (index, frame) in frames.enumerated() where index < inputs.count {
            #expect(frame.colourInfo.matrix == .bt709)
            #expect(frame.colourInfo.range == .limited)
            let rgb = try converter.rgbImage(from: frame, width: Self.width, height: Self.height)
            let psnr = VideoTestFrames.psnr(inputs[index], rgb)
            #expect(psnr > 35, "frame \(index) PSNR \(psnr) dB")
        }
    }

    @Test func avcCRecordParsesBack() throws {
        let (encoder, _, _) = try Self.encodeGradient(.h264)
        #expect(encoder.sampleEntryFourCC == "avc1")
        #expect(encoder.configurationBoxType == "avcC")
        let record = try AVCDecoderConfigurationRecord(parsing: encoder.decoderConfigurationRecord)
        #expect(record.configurationVersion == 1)
        #expect(record.profileIndication == 100)  // High, x264's default for 8-bit 4:2:0 at "medium"
        #expect(record.levelIndication > 0)
        #expect(record.lengthSizeMinusOne == 3)
        #expect(record.sequenceParameterSets.count == 1)
        #expect(record.pictureParameterSets.count == 1)
        #expect(AnnexB.h264Type(record.sequenceParameterSets[0]) == 7)
        #expect(record.chromaFormat == 1 && record.bitDepthLumaMinus8 == 0 && record.bitDepthChromaMinus8 == 0)
        #expect(record.serialized == encoder.decoderConfigurationRecord)
    }

    @Test func hvcCRecordParsesBack() throws {
        let (encoder, _, _) = try Self.encodeGradient(.hevc, colour: VideoColourInfo(range: .full, primaries: .displayP3, transfer: .bt709, matrix: .bt709))
        #expect(encoder.sampleEntryFourCC == "hvc1")
        #expect(encoder.configurationBoxType == "hvcC")
        let record = try HEVCDecoderConfigurationRecord(parsing: encoder.decoderConfigurationRecord)
        #expect(record.configurationVersion == 1)
        #expect(record.generalProfileIDC == 1)  // Main
        #expect(record.generalProfileCompatibilityFlags & (1 << 30) != 0)  // compatible with Main
        #expect(record.generalLevelIDC > 0)
        #expect(record.lengthSizeMinusOne == 3)
        #expect(record.chromaFormat == 1 && record.bitDepthLumaMinus8 == 0)
        #expect(record.numTemporalLayers >= 1)
        #expect(record.arrays.map(\.nalUnitType) == [32, 33, 34])
        #expect(record.arrays.allSatisfy { $0.isComplete && $0.units.count == 1 })
        #expect(record.serialized == encoder.decoderConfigurationRecord)
    }

    @Test func fullRangeTagsSurviveDecoding() throws {
        let colour = VideoColourInfo(range: .full, primaries: .bt709, transfer: .bt709, matrix: .smpte170m)
        let (encoder, inputs, packets) = try Self.encodeGradient(.h264, colour: colour)
        let decoder = try VideoDecoder(codec: .h264, configuration: encoder.decoderConfigurationRecord)
        var frames: [DecodedVideoFrame] = []
        for packet in packets { frames += try decoder.decode(packet: packet.data, pts: packet.pts, dts: packet.dts) }
        frames += try decoder.flush()
        let frame = try #require(frames.first)
        #expect(frame.colourInfo.range == .full)
        #expect(frame.colourInfo.matrix == .smpte170m)
        let rgb = try FrameConverter().rgbImage(from: frame, width: Self.width, height: Self.height)
        #expect(VideoTestFrames.psnr(inputs[0], rgb) > 35)
    }

    @Test func rejectsBadInput() throws {
        #expect(throws: MediaError.self) { try VideoEncoder(configuration: VideoEncoderConfiguration(width: 321, height: 240)) }
        #expect(throws: MediaError.self) { try VideoEncoder(configuration: VideoEncoderConfiguration(codec: .other("vp9"), width: 320, height: 240)) }
        #expect(throws: MediaError.self) { try VideoEncoder(configuration: VideoEncoderConfiguration(width: 320, height: 240, preset: "warp-speed")) }
        let encoder = try VideoEncoder(configuration: VideoEncoderConfiguration(width: 64, height: 48, preset: "ultrafast"))
        #expect(throws: MediaError.self) { try encoder.encode(frame: RGBImage(width: 32, height: 48), pts: 0) }
        _ = try encoder.encode(frame: RGBImage(width: 64, height: 48), pts: 10)
        #expect(throws: MediaError.self) { try encoder.encode(frame: RGBImage(width: 64, height: 48), pts: 10) }
    }
}
