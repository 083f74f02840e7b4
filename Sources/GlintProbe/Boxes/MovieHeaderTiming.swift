/// The movie timescale and presented duration at the start of a movie header (`mvhd`) payload:
/// version 0 has 32-bit times, version 1 64-bit ones. The submission probe reads a movie's
/// duration from it, and GlintMedia's `MovieHeader` parses the rest of the box after it.
public struct MovieHeaderTiming: Sendable, Equatable {
    /// Units per second of movie-level times.
    public var timescale: UInt32
    /// Presented duration in `timescale` units.
    public var duration: UInt64
    /// How many bytes of the payload the version, flags, times, timescale and duration take: the
    /// rate, volume and matrix follow.
    public var length: Int

    /// Parses the start of an `mvhd` payload.
    /// - Throws: ``MediaError`` `.corrupt` for a payload too short or a zero timescale.
    public init<C: Collection>(mvhd payload: C) throws where C.Element == UInt8 {
        var reader = ByteReader(payload, context: "mvhd box")
        let version = try reader.readUInt8()
        try reader.skip(3)
        if version == 1 {
            try reader.skip(16)
            timescale = try reader.readUInt32()
            duration = try reader.readUInt64()
        } else {
            try reader.skip(8)
            timescale = try reader.readUInt32()
            duration = UInt64(try reader.readUInt32())
        }
        guard timescale > 0 else { throw MediaError(.corrupt, "mvhd box has a zero timescale") }
        length = reader.position - reader.bytes.startIndex
    }

    /// Duration in seconds.
    public var seconds: Double { Double(duration) / Double(timescale) }
}
