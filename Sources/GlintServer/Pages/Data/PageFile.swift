import Foundation

/// One file the pages serve: a job's output as it lies in the blob store.
public struct PageFile: Sendable, Hashable {
    /// Where the bytes are (a blob store file: its name carries no extension).
    public var url: URL
    /// The MIME type, such as `image/jpeg`, `image/heic` or `video/quicktime`.
    public var contentType: String
    /// The size in bytes.
    public var size: Int64

    /// - Parameters:
    ///   - url: Where the bytes are.
    ///   - contentType: The MIME type of the bytes.
    ///   - size: The size in bytes.
    public init(url: URL, contentType: String, size: Int64) {
        self.url = url
        self.contentType = contentType
        self.size = size
    }

    /// The usual file extension for ``contentType`` (`jpg`, `heic`, `mov`, `mp4`, `png`; `bin` otherwise).
    public var fileExtension: String {
        switch contentType.lowercased() {
        case "image/jpeg": return "jpg"
        case "image/heic", "image/heif": return "heic"
        case "video/quicktime": return "mov"
        case "video/mp4": return "mp4"
        case "image/png": return "png"
        case "image/gif": return "gif"
        case "image/webp": return "webp"
        default: return "bin"
        }
    }
}
