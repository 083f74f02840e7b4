/// The file formats of stills Glint reads and writes.
public enum StillFormat: String, Sendable, Codable, CaseIterable {
    /// JPEG (JFIF/Exif), decoded and encoded with libjpeg-turbo.
    case jpeg
    /// HEIC: HEVC in a HEIF container, decoded and encoded with libheif.
    case heic
    /// PNG, decoded and encoded with libpng: a plain photo (a screenshot), never a Live Photo's
    /// or a Motion Photo's still.
    case png

    /// Recognises a still from its first bytes (at least 12 for HEIC), as ``MediaFileType`` does.
    /// - Returns: The format, or `nil` for anything else (movies included).
    public init?(sniffing head: [UInt8]) {
        guard let format = MediaFileType(sniffing: head)?.stillFormat else { return nil }
        self = format
    }

    /// The usual file extension (`jpg`, `heic`, `png`).
    public var fileExtension: String {
        switch self {
        case .jpeg: return "jpg"
        case .heic: return "heic"
        case .png: return "png"
        }
    }
}
