/// The ISO-BMFF boxes an MP4 file needs that differ from QuickTime's: `ftyp` brands, ISO
/// handlers, media headers and the `url ` data reference.
public enum MP4Boxes {
    /// `ftyp`: major brand `isom`, compatible with `isom`, `iso2`, `mp41` and `mp42`.
    static func fileType() -> Box {
        var w = ByteWriter()
        w.write(FourCC("isom"))
        w.write(UInt32(0x200))
        for brand in ["isom", "iso2", "mp41", "mp42"] as [FourCC] { w.write(brand) }
        return Box("ftyp", payload: w.bytes)
    }

    /// An ISO handler: pre-defined zero, handler type, three reserved words, a C-string name.
    static func handler(_ type: FourCC, name: String) -> Box {
        var w = ByteWriter()
        w.write(UInt32(0))
        w.write(type)
        w.writeZeros(12)
        w.write(bytes: Array(name.utf8))
        w.write(UInt8(0))
        return Box("hdlr", version: 0, flags: 0, body: w.bytes)
    }

    /// `vmhd` (flags 1, copy mode) or `smhd` (centred balance).
    static func mediaInformationHeader(video: Bool) -> Box {
        video
            ? Box("vmhd", version: 0, flags: 1, body: [UInt8](repeating: 0, count: 8))
            : Box("smhd", version: 0, flags: 0, body: [0, 0, 0, 0])
    }

    /// `dinf/dref` with one self-contained `url ` entry.
    static func dataInformation() -> Box {
        var w = ByteWriter()
        w.write(UInt32(1))
        Box("url ", version: 0, flags: 1, body: []).write(to: &w)
        return Box("dinf", children: [Box("dref", version: 0, flags: 0, body: w.bytes)])
    }

    /// A version-0 `mdhd` with the given language.
    static func mediaHeader(timescale: UInt32, duration: UInt64, language: UInt16) -> Box {
        var w = ByteWriter()
        w.writeZeros(8)
        w.write(timescale)
        w.write(UInt32(clamping: duration))
        w.write(language)
        w.write(UInt16(0))
        return Box("mdhd", version: 0, flags: 0, body: w.bytes)
    }

    /// A `udta/©xyz` location in ISO 6709 form (`+52.2097-000.8955+103.640/`), as Android and
    /// FFmpeg write it.
    public static func location(_ iso6709: String) -> Box {
        let text = Array(iso6709.utf8)
        var w = ByteWriter()
        w.write(UInt16(text.count))
        w.write(UInt16(0x15C7))  // language: packed ISO 639 "eng"
        w.write(bytes: text)
        return Box(FourCC(rawValue: 0xA978_797A), payload: w.bytes)
    }
}
