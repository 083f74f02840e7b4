/// Rewrites the timing boxes of an existing `trak`: its track duration (`tkhd`), media duration
/// (`mdhd`) and edit list (`edts`), keeping every other field, for tracks cut or moved in time.
public enum TrackTiming {
    /// Rewrites the duration (movie timescale) in the track's `tkhd`.
    public static func setTrackDuration(_ trak: inout Box, _ duration: UInt64) throws {
        try trak.modify(["tkhd"]) { tkhd in
            guard let version = tkhd.payload.first else { throw MediaError(.corrupt, "tkhd box is empty") }
            var w = ByteWriter()
            if version == 1 {
                guard tkhd.payload.count >= 36 else { throw MediaError(.corrupt, "tkhd box is too short") }
                w.write(duration)
                tkhd.payload.replaceSubrange(28..<36, with: w.bytes)
            } else {
                guard tkhd.payload.count >= 24 else { throw MediaError(.corrupt, "tkhd box is too short") }
                w.write(UInt32(clamping: duration))
                tkhd.payload.replaceSubrange(20..<24, with: w.bytes)
            }
        }
    }

    /// Rewrites the duration (media timescale) in the track's `mdia/mdhd`.
    public static func setMediaDuration(_ trak: inout Box, _ duration: UInt64) throws {
        try trak.modify(["mdia", "mdhd"]) { try TrackHeader.setMediaDuration(&$0, duration) }
    }

    /// Replaces the track's edit list (placed right after `tkhd`), or removes it when `nil`.
    public static func setEditList(_ trak: inout Box, _ list: EditList?) {
        trak.removeChildren("edts")
        guard let list else { return }
        let index = (trak.children?.firstIndex { $0.type == "tkhd" } ?? -1) + 1
        trak.children?.insert(list.makeBox(), at: index)
    }

    /// Replaces the sample-timing and sample-location boxes of the track's `stbl` with a table
    /// of `sizes.count` samples (uniform size when `uniformSize` is given) of the given decode
    /// durations, all in one chunk at `chunkOffset`. Sync, dependency and composition tables are
    /// dropped; the sample descriptions are kept.
    public static func setSingleChunkSamples(
        _ trak: inout Box, durations: [SampleTable.Run], uniformSize: UInt32?,
        sizes: [UInt32], count: Int, chunkOffset: UInt64, descriptionIndex: UInt32 = 1
    ) {
        trak.modify(["mdia", "minf", "stbl"]) { stbl in
            for type: FourCC in ["stts", "ctts", "stss", "sdtp", "stps", "stsc", "stsz", "stz2", "stco", "co64", "cslg"] {
                stbl.removeChildren(type)
            }
            var stsc = ByteWriter()
            stsc.write(UInt32(1))
            stsc.write(UInt32(1))
            stsc.write(UInt32(count))
            stsc.write(descriptionIndex)
            var stsz = ByteWriter()
            stsz.write(uniformSize ?? 0)
            stsz.write(UInt32(count))
            if uniformSize == nil { for size in sizes { stsz.write(size) } }
            stbl.children?.append(contentsOf: [
                SampleTable.makeRunBox("stts", durations),
                Box("stsc", version: 0, flags: 0, body: stsc.bytes),
                Box("stsz", version: 0, flags: 0, body: stsz.bytes),
                SampleTable.makeChunkOffsetBox([chunkOffset]),
            ])
        }
    }
}
