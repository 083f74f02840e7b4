/// The movie header (`mvhd`): the movie timescale, presented duration and next track id.
public struct MovieHeader: Sendable, Equatable {
    /// Units per second of movie-level times (edit lists, track durations).
    public var timescale: UInt32
    /// Presented duration in `timescale` units.
    public var duration: UInt64
    /// The id a new track would take.
    public var nextTrackID: UInt32

    /// Parses an `mvhd` box.
    public init(_ box: Box) throws {
        let timing = try MovieHeaderTiming(mvhd: box.payload)
        timescale = timing.timescale
        duration = timing.duration
        var reader = ByteReader(box.payload, context: "mvhd box")
        try reader.skip(timing.length + 4 + 2 + 10 + 36 + 24)
        nextTrackID = try reader.readUInt32()
    }

    /// Duration in seconds.
    public var seconds: Double { Double(duration) / Double(timescale) }

    /// Rewrites `duration` and `nextTrackID` into an existing `mvhd` box, keeping every other field.
    public func patch(_ box: inout Box) throws {
        var payload = box.payload
        guard let version = payload.first else { throw MediaError(.corrupt, "empty mvhd box") }
        let durationAt = version == 1 ? 4 + 16 + 4 : 4 + 8 + 4
        let nextAt = version == 1 ? 4 + 28 + 76 : 4 + 16 + 76
        guard payload.count >= nextAt + 4 else { throw MediaError(.corrupt, "mvhd box is too short") }
        if version == 1 {
            for i in 0..<8 { payload[durationAt + i] = UInt8((duration >> UInt64(56 - 8 * i)) & 0xFF) }
        } else {
            let d = UInt32(clamping: duration)
            for i in 0..<4 { payload[durationAt + i] = UInt8((d >> UInt32(24 - 8 * i)) & 0xFF) }
        }
        for i in 0..<4 { payload[nextAt + i] = UInt8((nextTrackID >> UInt32(24 - 8 * i)) & 0xFF) }
        box.payload = payload
    }

    /// Builds a fresh version-0 `mvhd` box.
    public static func makeBox(timescale: UInt32, duration: UInt64, nextTrackID: UInt32, creationTime: UInt32 = 0) -> Box {
        var w = ByteWriter()
        w.write(creationTime)
        w.write(creationTime)
        w.write(timescale)
        w.write(UInt32(clamping: duration))
        w.write(UInt32(0x0001_0000))  // rate 1.0
        w.write(UInt16(0x0100))  // volume 1.0
        w.writeZeros(10)
        TransformMatrix.identity.write(to: &w)
        w.writeZeros(24)
        w.write(nextTrackID)
        return Box("mvhd", version: 0, flags: 0, body: w.bytes)
    }
}

/// The creation time in a movie's `mvhd` box (seconds since 1904, UTC; 0 when not set).
public enum MovieHeaderTimes {
    /// The creation time of `moov`'s `mvhd`, or 0.
    public static func creation(of moov: Box) -> UInt64 {
        guard let payload = moov.child("mvhd")?.payload, let version = payload.first else { return 0 }
        let width = version == 1 ? 8 : 4
        guard payload.count >= 4 + width else { return 0 }
        return payload[4..<(4 + width)].reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// Sets the creation and modification times of `moov`'s `mvhd` to `seconds` since 1904.
    /// - Throws: ``MediaError`` `.corrupt` for a missing or short `mvhd`.
    public static func setCreation(_ seconds: Double, in moov: inout Box) throws {
        guard var mvhd = moov.child("mvhd"), let version = mvhd.payload.first else { throw MediaError(.corrupt, "movie has no mvhd box") }
        let width = version == 1 ? 8 : 4
        guard mvhd.payload.count >= 4 + 2 * width, seconds >= 0 else { throw MediaError(.corrupt, "mvhd box is too short") }
        let value = UInt64(seconds.rounded(.down))
        let clamped = width == 4 ? min(value, UInt64(UInt32.max)) : value
        for field in 0..<2 {
            for i in 0..<width {
                mvhd.payload[4 + field * width + i] = UInt8((clamped >> UInt64(8 * (width - 1 - i))) & 0xFF)
            }
        }
        moov.setChild(mvhd)
    }
}
