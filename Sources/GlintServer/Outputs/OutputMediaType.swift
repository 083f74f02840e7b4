import Foundation

/// An output's media type and file extension, from the bytes at the start of its blob (and the
/// output's name when the bytes say nothing).
public struct OutputMediaType: Hashable, Sendable {
    public var contentType: String
    public var fileExtension: String

    public static let octetStream = OutputMediaType(contentType: "application/octet-stream", fileExtension: "bin")

    /// Sniffs the first bytes of `file`.
    public static func of(file: URL, name: String) -> OutputMediaType {
        guard let handle = try? FileHandle(forReadingFrom: file) else { return byName(name) }
        defer { try? handle.close() }
        let head = [UInt8]((try? handle.read(upToCount: 32)) ?? Data())
        return sniff(head) ?? byName(name)
    }

    /// What the magic bytes say, nil when they say nothing known.
    static func sniff(_ bytes: [UInt8]) -> OutputMediaType? {
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + prefix.count && Array(bytes[offset..<offset + prefix.count]) == prefix
        }
        if starts([0xFF, 0xD8, 0xFF]) { return .init(contentType: "image/jpeg", fileExtension: "jpg") }
        if starts([0x89, 0x50, 0x4E, 0x47]) { return .init(contentType: "image/png", fileExtension: "png") }
        if starts(Array("GIF8".utf8)) { return .init(contentType: "image/gif", fileExtension: "gif") }
        if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) { return .init(contentType: "image/webp", fileExtension: "webp") }
        if starts(Array("PK".utf8)) { return .init(contentType: "application/zip", fileExtension: "zip") }
        if starts(Array("ftyp".utf8), at: 4), bytes.count >= 12 {
            let brand = String(decoding: bytes[8..<12], as: UTF8.self)
            switch brand {
            case "qt  ": return .init(contentType: "video/quicktime", fileExtension: "mov")
            case "heic", "heix", "mif1", "msf1", "heim", "heis": return .init(contentType: "image/heic", fileExtension: "heic")
            default: return .init(contentType: "video/mp4", fileExtension: "mp4")
            }
        }
        if starts(Array("wide".utf8), at: 4) || starts(Array("moov".utf8), at: 4) || starts(Array("mdat".utf8), at: 4) {
            return .init(contentType: "video/quicktime", fileExtension: "mov")
        }
        if starts([0x7B]) { return .init(contentType: "application/json", fileExtension: "json") }
        return nil
    }

    static func byName(_ name: String) -> OutputMediaType {
        switch name {
        case "movie", "motion": return .init(contentType: "video/quicktime", fileExtension: "mov")
        case "still", "photo": return .init(contentType: "image/jpeg", fileExtension: "jpg")
        default: return .octetStream
        }
    }
}
