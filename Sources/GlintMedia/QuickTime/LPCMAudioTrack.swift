/// Builds a QuickTime sound track of uncompressed 16-bit little-endian PCM, the format iPhones
/// record Live Photo audio in (`lpcm`, sound description version 2).
public enum LPCMAudioTrack {
    /// The `lpcm` sample entry for signed 16-bit little-endian samples.
    public static func makeSampleEntry(sampleRate: Double, channels: Int) -> SampleDescription {
        var w = ByteWriter()
        w.writeZeros(6)
        w.write(UInt16(1))  // data reference index
        w.write(UInt16(2))  // version 2
        w.writeZeros(6)  // revision, vendor
        w.write(UInt16(3))
        w.write(UInt16(16))
        w.write(UInt16(0xFFFE))
        w.write(UInt16(0))
        w.write(UInt32(0x0001_0000))
        w.write(UInt32(72))  // size of the version 2 structure
        w.write(sampleRate.bitPattern)
        w.write(UInt32(channels))
        w.write(UInt32(0x7F00_0000))
        w.write(UInt32(16))  // bits per channel
        w.write(UInt32(0xC))  // signed integer, packed (little-endian: no big-endian flag)
        w.write(UInt32(2 * channels))  // bytes per packet
        w.write(UInt32(1))  // frames per packet
        return SampleDescription(format: "lpcm", body: w.bytes)
    }

    /// Builds the `trak` for `frameCount` audio frames stored as one chunk at `chunkOffset`.
    public static func makeTrack(
        trackID: UInt32, sampleRate: Int, channels: Int, frameCount: Int,
        chunkOffset: UInt64, movieDuration: UInt64
    ) -> Box {
        var stsc = ByteWriter()
        stsc.write(UInt32(1))
        stsc.write(UInt32(1))
        stsc.write(UInt32(frameCount))
        stsc.write(UInt32(1))
        var stsz = ByteWriter()
        stsz.write(UInt32(2 * channels))
        stsz.write(UInt32(frameCount))
        var smhd = ByteWriter()
        smhd.writeZeros(4)
        return Box(
            "trak",
            children: [
                TrackHeader.make(trackID: trackID, duration: movieDuration, isAudio: true),
                Box(
                    "mdia",
                    children: [
                        TrackHeader.makeMediaHeader(timescale: UInt32(sampleRate), duration: UInt64(frameCount)),
                        TrackHeader.makeHandler(componentType: "mhlr", subtype: "soun", name: "Core Media Audio"),
                        Box(
                            "minf",
                            children: [
                                Box("smhd", version: 0, flags: 0, body: smhd.bytes),
                                TrackHeader.makeHandler(componentType: "dhlr", subtype: "alis", name: "Core Media Data Handler"),
                                TrackHeader.makeSelfReference(),
                                Box(
                                    "stbl",
                                    children: [
                                        SampleDescription.makeBox([makeSampleEntry(sampleRate: Double(sampleRate), channels: channels)]),
                                        SampleTable.makeRunBox("stts", [.init(count: UInt32(frameCount), value: 1)]),
                                        Box("stsc", version: 0, flags: 0, body: stsc.bytes),
                                        Box("stsz", version: 0, flags: 0, body: stsz.bytes),
                                        SampleTable.makeChunkOffsetBox([chunkOffset]),
                                    ]),
                            ]),
                    ]),
            ])
    }
}
