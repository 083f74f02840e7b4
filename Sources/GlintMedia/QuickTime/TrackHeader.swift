/// Builds and edits track header (`tkhd`) and media header (`mdhd`) boxes.
public enum TrackHeader {
    /// Track flags Apple writes: enabled, in movie, in preview, in poster.
    public static let appleFlags: UInt32 = 0xF

    /// Builds a version-0 `tkhd`.
    public static func make(
        trackID: UInt32, duration: UInt64, matrix: TransformMatrix = .identity,
        width: Double = 0, height: Double = 0, isAudio: Bool = false, flags: UInt32 = appleFlags
    ) -> Box {
        var w = ByteWriter()
        w.writeZeros(8)  // creation and modification time
        w.write(trackID)
        w.writeZeros(4)
        w.write(UInt32(clamping: duration))
        w.writeZeros(8)
        w.write(UInt16(0))  // layer
        w.write(UInt16(0))  // alternate group
        w.write(UInt16(isAudio ? 0x0100 : 0))
        w.writeZeros(2)
        matrix.write(to: &w)
        w.write(UInt32((width * 65536).rounded()))
        w.write(UInt32((height * 65536).rounded()))
        return Box("tkhd", version: 0, flags: flags, body: w.bytes)
    }

    /// Rewrites the width and height of an existing `tkhd`, keeping everything else.
    public static func setDimensions(_ box: inout Box, width: Double, height: Double) throws {
        guard box.payload.count >= 8 else { throw MediaError(.corrupt, "tkhd box is too short") }
        let end = box.payload.count
        var w = ByteWriter()
        w.write(UInt32((width * 65536).rounded()))
        w.write(UInt32((height * 65536).rounded()))
        box.payload.replaceSubrange((end - 8)..<end, with: w.bytes)
    }

    /// Builds a version-0 `mdhd` with an undetermined language.
    public static func makeMediaHeader(timescale: UInt32, duration: UInt64) -> Box {
        var w = ByteWriter()
        w.writeZeros(8)
        w.write(timescale)
        w.write(UInt32(clamping: duration))
        w.write(UInt16(0x55C4))  // 'und'
        w.write(UInt16(0))
        return Box("mdhd", version: 0, flags: 0, body: w.bytes)
    }

    /// Rewrites the duration of an existing `mdhd`, keeping its timescale and language.
    public static func setMediaDuration(_ box: inout Box, _ duration: UInt64) throws {
        guard let version = box.payload.first else { throw MediaError(.corrupt, "mdhd box is empty") }
        var w = ByteWriter()
        if version == 1 {
            guard box.payload.count >= 32 else { throw MediaError(.corrupt, "mdhd box is too short") }
            w.write(duration)
            box.payload.replaceSubrange(24..<32, with: w.bytes)
        } else {
            guard box.payload.count >= 20 else { throw MediaError(.corrupt, "mdhd box is too short") }
            w.write(UInt32(clamping: duration))
            box.payload.replaceSubrange(16..<20, with: w.bytes)
        }
    }

    /// A QuickTime handler box (`hdlr`) with component type, subtype and a Pascal-string name.
    public static func makeHandler(componentType: FourCC, subtype: FourCC, name: String) -> Box {
        var w = ByteWriter()
        w.write(componentType)
        w.write(subtype)
        w.write(FourCC("appl"))
        w.write(UInt32(componentType == "mhlr" && subtype == "meta" ? 1 : 0))
        w.write(UInt32(0))
        let bytes = Array(name.utf8.prefix(255))
        w.write(UInt8(bytes.count))
        w.write(bytes: bytes)
        return Box("hdlr", version: 0, flags: 0, body: w.bytes)
    }

    /// A data information box whose only reference is the movie file itself.
    public static func makeSelfReference() -> Box {
        var w = ByteWriter()
        w.write(UInt32(1))
        Box("alis", version: 0, flags: 1, body: []).write(to: &w)
        return Box("dinf", children: [Box("dref", version: 0, flags: 0, body: w.bytes)])
    }
}
