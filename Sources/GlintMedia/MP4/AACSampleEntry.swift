/// Builds the ISO `mp4a` sample entry and its `esds` (MPEG-4 elementary stream descriptor)
/// for an AAC track.
public enum AACSampleEntry {
    /// An `mp4a` entry (ISO audio sample entry version 0) with an `esds` carrying
    /// `audioSpecificConfig` as its decoder-specific info.
    /// - Parameters:
    ///   - audioSpecificConfig: From ``AACEncoder/audioSpecificConfig``.
    ///   - sampleRate: Frames per second (at most 65535 fits the entry's field; the real rate is
    ///     in the config).
    ///   - channels: Channel count.
    ///   - bitRate: Average bits per second, recorded in the descriptor.
    public static func make(audioSpecificConfig: [UInt8], sampleRate: Int, channels: Int, bitRate: Int) -> SampleDescription {
        var w = ByteWriter()
        w.writeZeros(6)
        w.write(UInt16(1))  // data reference index
        w.writeZeros(8)  // reserved
        w.write(UInt16(channels))
        w.write(UInt16(16))  // sample size
        w.writeZeros(4)  // pre-defined, reserved
        w.write(UInt32(min(sampleRate, 65535)) << 16)
        Box("esds", version: 0, flags: 0, body: elementaryStreamDescriptor(audioSpecificConfig: audioSpecificConfig, bitRate: bitRate))
            .write(to: &w)
        return SampleDescription(format: "mp4a", body: w.bytes)
    }

    /// The ES_Descriptor: stream 1, MPEG-4 audio (object type 0x40, stream type 5).
    static func elementaryStreamDescriptor(audioSpecificConfig: [UInt8], bitRate: Int) -> [UInt8] {
        var decoderSpecific = ByteWriter()
        decoderSpecific.write(bytes: audioSpecificConfig)
        var decoderConfig = ByteWriter()
        decoderConfig.write(UInt8(0x40))  // object type: MPEG-4 audio
        decoderConfig.write(UInt8(0x15))  // stream type 5 (audio) << 2 | reserved bit
        decoderConfig.write(bytes: [0, 0x18, 0])  // buffer size: 6144 bytes
        decoderConfig.write(UInt32(clamping: bitRate))  // max bit rate
        decoderConfig.write(UInt32(clamping: bitRate))  // average bit rate
        appendDescriptor(tag: 0x05, decoderSpecific.bytes, to: &decoderConfig)
        var es = ByteWriter()
        es.write(UInt16(1))  // ES_ID
        es.write(UInt8(0))  // no dependency, URL or OCR stream; priority 0
        appendDescriptor(tag: 0x04, decoderConfig.bytes, to: &es)
        appendDescriptor(tag: 0x06, [0x02], to: &es)  // SLConfig: predefined MP4
        var out = ByteWriter()
        appendDescriptor(tag: 0x03, es.bytes, to: &out)
        return out.bytes
    }

    /// Appends a descriptor: tag, size in the 4-byte expandable form, body.
    static func appendDescriptor(tag: UInt8, _ body: [UInt8], to writer: inout ByteWriter) {
        writer.write(tag)
        let size = body.count
        writer.write(UInt8(0x80 | (size >> 21) & 0x7F))
        writer.write(UInt8(0x80 | (size >> 14) & 0x7F))
        writer.write(UInt8(0x80 | (size >> 7) & 0x7F))
        writer.write(UInt8(size & 0x7F))
        writer.write(bytes: body)
    }
}
