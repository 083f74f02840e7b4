/// The second byte of the JPEG markers Glint reads or writes (each marker is `0xFF` then this).
public enum JPEGMarker {
    /// Start of image.
    public static let startOfImage: UInt8 = 0xD8
    /// End of image.
    public static let endOfImage: UInt8 = 0xD9
    /// Start of scan: the entropy-coded data follows its header.
    public static let startOfScan: UInt8 = 0xDA
    /// Define quantisation tables.
    public static let defineQuantizationTables: UInt8 = 0xDB
    /// Define Huffman tables.
    public static let defineHuffmanTables: UInt8 = 0xC4
    /// Define restart interval.
    public static let defineRestartInterval: UInt8 = 0xDD
    /// Start of frame, baseline DCT.
    public static let startOfFrameBaseline: UInt8 = 0xC0
    /// Start of frame, progressive DCT.
    public static let startOfFrameProgressive: UInt8 = 0xC2
    /// Comment.
    public static let comment: UInt8 = 0xFE
    /// APP0 (JFIF).
    public static let app0: UInt8 = 0xE0
    /// APP1 (Exif, XMP).
    public static let app1: UInt8 = 0xE1
    /// APP2 (ICC profile, MPF).
    public static let app2: UInt8 = 0xE2

    /// What the payload of an XMP APP1 segment starts with (`http://ns.adobe.com/xap/1.0/` and a NUL).
    public static let xmpSignature: [UInt8] = Array("http://ns.adobe.com/xap/1.0/".utf8) + [0]

    /// A byte as two upper-case hexadecimal digits (`E1`), for messages.
    public static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return byte < 0x10 ? "0" + digits : digits
    }

    /// Whether `marker` stands alone, with no length field or payload (SOI, EOI, RST0-7, TEM).
    public static func isStandalone(_ marker: UInt8) -> Bool {
        marker == startOfImage || marker == endOfImage || marker == 0x01 || (0xD0...0xD7).contains(marker)
    }

    /// Whether `marker` is an application segment marker, APP0 to APP15.
    public static func isApplication(_ marker: UInt8) -> Bool {
        (0xE0...0xEF).contains(marker)
    }
}
