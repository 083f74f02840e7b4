/// A track's edit list (`edts/elst`): which stretches of media are presented, and when.
public struct EditList: Sendable, Equatable {
    /// One edit.
    public struct Entry: Sendable, Equatable {
        /// Presented length in movie-timescale units.
        public var segmentDuration: UInt64
        /// Start in media-timescale units, or -1 for an empty edit (nothing presented).
        public var mediaTime: Int64
        /// Playback rate, 16.16 fixed point (0x10000 is normal speed).
        public var mediaRate: Int32

        public init(segmentDuration: UInt64, mediaTime: Int64, mediaRate: Int32 = 0x10000) {
            self.segmentDuration = segmentDuration
            self.mediaTime = mediaTime
            self.mediaRate = mediaRate
        }
    }

    /// The edits in presentation order.
    public var entries: [Entry]

    /// Creates an edit list.
    public init(entries: [Entry]) { self.entries = entries }

    /// Parses an `elst` box.
    public init(_ box: Box) throws {
        var reader = ByteReader(box.payload, context: "elst box")
        let version = try reader.readUInt8()
        try reader.skip(3)
        let count = Int(try reader.readUInt32())
        let entrySize = version == 1 ? 20 : 12
        guard count <= reader.remaining / entrySize else { throw MediaError(.corrupt, "elst box claims \(count) entries") }
        entries = []
        for _ in 0..<count {
            if version == 1 {
                entries.append(Entry(segmentDuration: try reader.readUInt64(), mediaTime: try reader.readInt64(), mediaRate: try reader.readInt32()))
            } else {
                entries.append(
                    Entry(segmentDuration: UInt64(try reader.readUInt32()), mediaTime: Int64(try reader.readInt32()), mediaRate: try reader.readInt32()))
            }
        }
    }

    /// Builds an `edts` box holding this list.
    public func makeBox() -> Box {
        let wide = entries.contains { $0.segmentDuration > UInt64(UInt32.max) || $0.mediaTime > Int64(Int32.max) || $0.mediaTime < Int64(Int32.min) }
        var w = ByteWriter()
        w.write(UInt32(entries.count))
        for entry in entries {
            if wide {
                w.write(entry.segmentDuration)
                w.write(entry.mediaTime)
            } else {
                w.write(UInt32(entry.segmentDuration))
                w.write(Int32(entry.mediaTime))
            }
            w.write(entry.mediaRate)
        }
        return Box("edts", children: [Box("elst", version: wide ? 1 : 0, flags: 0, body: w.bytes)])
    }

    /// The presentation time (movie timescale) at which media time `mediaTime` is first shown,
    /// or `nil` when no edit presents it.
    public func presentationTime(ofMediaTime mediaTime: Int64, mediaTimescale: UInt32, movieTimescale: UInt32) -> Double? {
        var start: Double = 0
        for entry in entries {
            let length = Double(entry.segmentDuration) / Double(movieTimescale)
            if entry.mediaTime >= 0 {
                let mediaStart = Double(entry.mediaTime) / Double(mediaTimescale)
                let t = Double(mediaTime) / Double(mediaTimescale)
                if t >= mediaStart && t <= mediaStart + length { return start + (t - mediaStart) }
            }
            start += length
        }
        return nil
    }
}
