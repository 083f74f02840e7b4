/// What kind of file a byte stream is, from its first bytes: the one sniffer every part of Glint
/// asks (the still readers' ``StillFormat``, the submission probe's `MediaProbe.Format`, the names
/// job inputs are staged under, the media types outputs are served with, `glint inspect`'s kinds
/// and the library scan), so that they agree on every brand. It lives in GlintProbe because the
/// API process's probe, which links no media library, needs it too; GlintMedia re-exports it.
///
/// A new type is a case here: the compiler then names every switch that must say what it is.
public enum MediaFileType: String, Sendable, Codable, CaseIterable {
    /// JPEG: `FF D8 FF`.
    case jpeg
    /// HEIC/HEIF: an `ftyp` box with a HEIF major brand (HEVC stills and sequences, and the
    /// generic `mif1`/`msf1`).
    case heic
    /// AVIF: an `ftyp` box with the `avif` or `avis` brand (recognised, not read).
    case avif
    /// PNG: its 8-byte signature.
    case png
    /// GIF: `GIF8`.
    case gif
    /// WebP: `RIFF` .... `WEBP`.
    case webp
    /// A QuickTime movie: `ftyp` with the `qt  ` brand, or a first box that only QuickTime files
    /// start with (`moov`, `mdat`, `wide`, `free`, `skip`).
    case quickTime
    /// An MP4 (or other ISO-BMFF) movie: `ftyp` with any other brand.
    case mp4
    /// A ZIP archive: `PK`.
    case zip
    /// A JSON document: `{`.
    case json

    /// The HEIF major brands of HEVC stills and image sequences, and the generic ones.
    static let heifBrands: Set<String> = ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"]
    /// The AVIF brands.
    static let avifBrands: Set<String> = ["avif", "avis"]
    /// First boxes of QuickTime files without an `ftyp`.
    static let quickTimeFirstBoxes: Set<String> = ["moov", "mdat", "wide", "free", "skip"]

    /// The number of leading bytes ``init(sniffing:)`` needs at most.
    public static let headLength = 12

    /// Recognises a file from its first bytes (at least ``headLength`` for the ISO-BMFF and RIFF
    /// kinds); nil for anything else.
    public init?(sniffing head: [UInt8]) {
        func starts(_ prefix: String, at offset: Int = 0) -> Bool {
            head.count >= offset + prefix.utf8.count && head[offset..<(offset + prefix.utf8.count)].elementsEqual(prefix.utf8)
        }
        if head.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if head.starts(with: PNGHeader.signature) {
            self = .png
        } else if starts("GIF8") {
            self = .gif
        } else if starts("RIFF"), starts("WEBP", at: 8) {
            self = .webp
        } else if head.count >= 12, starts("ftyp", at: 4) {
            let brand = String(decoding: head[8..<12], as: UTF8.self)
            self = Self.heifBrands.contains(brand) ? .heic : Self.avifBrands.contains(brand) ? .avif : brand == "qt  " ? .quickTime : .mp4
        } else if head.count >= 8, Self.quickTimeFirstBoxes.contains(String(decoding: head[4..<8], as: UTF8.self)) {
            self = .quickTime
        } else if starts("PK") {
            self = .zip
        } else if starts("{") {
            self = .json
        } else {
            return nil
        }
    }

    /// The usual file name extension.
    public var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        case .heic: "heic"
        case .avif: "avif"
        case .png: "png"
        case .gif: "gif"
        case .webp: "webp"
        case .quickTime: "mov"
        case .mp4: "mp4"
        case .zip: "zip"
        case .json: "json"
        }
    }

    /// The media type a file of this kind is served as.
    public var contentType: String {
        switch self {
        case .jpeg: "image/jpeg"
        case .heic: "image/heic"
        case .avif: "image/avif"
        case .png: "image/png"
        case .gif: "image/gif"
        case .webp: "image/webp"
        case .quickTime: "video/quicktime"
        case .mp4: "video/mp4"
        case .zip: "application/zip"
        case .json: "application/json"
        }
    }

    /// The still format Glint decodes and encodes, for the kinds it edits.
    public var stillFormat: StillFormat? {
        switch self {
        case .jpeg: .jpeg
        case .heic: .heic
        case .png: .png
        case .avif, .gif, .webp, .quickTime, .mp4, .zip, .json: nil
        }
    }

    /// Whether it is a movie (QuickTime or MP4).
    public var isMovie: Bool {
        switch self {
        case .quickTime, .mp4: true
        case .jpeg, .heic, .avif, .png, .gif, .webp, .zip, .json: false
        }
    }
}
