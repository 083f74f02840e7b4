import Foundation
import GlintProbe

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
        let head = [UInt8]((try? handle.read(upToCount: MediaFileType.headLength)) ?? Data())
        return sniff(head) ?? byName(name)
    }

    /// What the magic bytes say (``MediaFileType``), nil when they say nothing known.
    static func sniff(_ bytes: [UInt8]) -> OutputMediaType? {
        MediaFileType(sniffing: bytes).map { OutputMediaType(contentType: $0.contentType, fileExtension: $0.fileExtension) }
    }

    static func byName(_ name: String) -> OutputMediaType {
        switch name {
        case "movie", "motion": return .init(contentType: "video/quicktime", fileExtension: "mov")
        case "still", "photo": return .init(contentType: "image/jpeg", fileExtension: "jpg")
        default: return .octetStream
        }
    }
}
