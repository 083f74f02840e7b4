/// The file formats of stills Glint reads and writes.
public enum StillFormat: String, Sendable, Codable, CaseIterable {
    /// JPEG (JFIF/Exif), decoded and encoded with libjpeg-turbo.
    case jpeg
    /// HEIC: HEVC in a HEIF container, decoded and encoded with libheif.
    case heic

    /// The HEIF major brands of HEVC stills (and the generic `mif1`/`msf1` ones).
    static let heifBrands: Set<String> = ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"]

    /// Recognises a still from its first bytes (at least 12 for HEIC): a JPEG starts with
    /// `FF D8 FF`, a HEIC with an `ftyp` box whose major brand is a HEIF one.
    /// - Returns: The format, or `nil` for anything else (movies included).
    public init?(sniffing head: [UInt8]) {
        if head.count >= 3, head[0] == 0xFF, head[1] == 0xD8, head[2] == 0xFF {
            self = .jpeg
            return
        }
        guard head.count >= 12, head[4..<8].elementsEqual("ftyp".utf8),
            Self.heifBrands.contains(String(decoding: head[8..<12], as: UTF8.self))
        else { return nil }
        self = .heic
    }

    /// The usual file extension (`jpg`, `heic`).
    public var fileExtension: String {
        switch self {
        case .jpeg: return "jpg"
        case .heic: return "heic"
        }
    }
}
