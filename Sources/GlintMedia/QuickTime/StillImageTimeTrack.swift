/// The timed-metadata track that marks which moment of a Live Photo's movie is the still.
///
/// Built in the layout of the iPhone's own files (`../shared/spec/live-photo.md`): one `mebx`
/// sample holding the key `com.apple.quicktime.still-image-time` with value -1, placed at the
/// still time by an empty edit followed by a one-tick edit.
public enum StillImageTimeTrack {
    /// The metadata key.
    public static let key = "com.apple.quicktime.still-image-time"
    /// The media timescale Apple uses for this track.
    public static let mediaTimescale: UInt32 = 600
    /// The single sample: item size 9, local key id 1, int8 value -1.
    public static let sampleBytes: [UInt8] = [0, 0, 0, 9, 0, 0, 0, 1, 0xFF]

    /// Builds the `trak` box.
    /// - Parameters:
    ///   - trackID: The new track's id.
    ///   - videoTrackID: The video track it describes (`tref/cdsc`).
    ///   - stillTime: The still time in movie-timescale units.
    ///   - sampleOffset: Where ``sampleBytes`` were written in the file.
    public static func makeTrack(trackID: UInt32, videoTrackID: UInt32, stillTime: UInt64, sampleOffset: UInt64) -> Box {
        var cdsc = ByteWriter()
        cdsc.write(videoTrackID)
        let edits = EditList(entries: [
            .init(segmentDuration: stillTime, mediaTime: -1),
            .init(segmentDuration: 1, mediaTime: 0),
        ])
        let entries = stillTime == 0 ? [EditList.Entry(segmentDuration: 1, mediaTime: 0)] : edits.entries
        var gmin = ByteWriter()
        gmin.write(UInt16(0x40))
        for _ in 0..<3 { gmin.write(UInt16(0x8000)) }
        gmin.writeZeros(4)
        let stbl = Box(
            "stbl",
            children: [
                SampleDescription.makeBox([makeSampleEntry()]),
                SampleTable.makeRunBox("stts", [.init(count: 1, value: 1)]),
                Box("stsc", version: 0, flags: 0, body: [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1]),
                Box("stsz", version: 0, flags: 0, body: [0, 0, 0, UInt8(sampleBytes.count), 0, 0, 0, 1]),
                SampleTable.makeChunkOffsetBox([sampleOffset]),
            ])
        return Box(
            "trak",
            children: [
                TrackHeader.make(trackID: trackID, duration: stillTime + 1),
                EditList(entries: entries).makeBox(),
                Box("tref", children: [Box("cdsc", payload: cdsc.bytes)]),
                Box(
                    "mdia",
                    children: [
                        TrackHeader.makeMediaHeader(timescale: mediaTimescale, duration: 1),
                        TrackHeader.makeHandler(componentType: "mhlr", subtype: "meta", name: "Core Media Metadata"),
                        Box(
                            "minf",
                            children: [
                                Box("gmhd", children: [Box("gmin", version: 0, flags: 0, body: gmin.bytes)]),
                                TrackHeader.makeHandler(componentType: "dhlr", subtype: "alis", name: "Core Media Data Handler"),
                                TrackHeader.makeSelfReference(),
                                stbl,
                            ]),
                    ]),
            ])
    }

    /// The `mebx` sample entry declaring the still-image-time key (local id 1, type int8).
    static func makeSampleEntry() -> SampleDescription {
        var keyd = ByteWriter()
        keyd.write(FourCC("mdta"))
        keyd.write(bytes: Array(key.utf8))
        let dtyp: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 65]
        let keys = Box(
            "keys",
            children: [
                Box(FourCC(rawValue: 1), children: [Box("keyd", payload: keyd.bytes), Box("dtyp", payload: dtyp)])
            ])
        var body = ByteWriter()
        body.writeZeros(6)
        body.write(UInt16(1))
        keys.write(to: &body)
        return SampleDescription(format: "mebx", body: body.bytes)
    }
}
