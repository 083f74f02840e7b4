import Foundation
import GlintMedia
import ZIPFoundation

#if canImport(Glibc)
    import Glibc
#endif

/// A Live Photo pair in one zip, as a download: the still and the movie under one base name (as
/// Photos expects on import), stored, not deflated (both are compressed already).
public enum LivePhotoZip {
    /// Writes the zip to `url`, atomically (a temporary name beside it, then a rename).
    /// - Parameters:
    ///   - stillPath: The still (JPEG or HEIC): `<baseName>.jpg` or `.heic` in the zip.
    ///   - moviePath: The movie: `<baseName>.mov` in the zip.
    /// - Throws: ``MediaError`` naming the zip when a file cannot be read or the zip written.
    public static func write(stillPath: String, moviePath: String, baseName: String, to url: URL) throws {
        let still = try RandomAccessFile(path: stillPath)
        let head = try still.read(at: 0, count: Int(min(still.size, 16)))
        guard let format = StillFormat(sniffing: head), format != .png else {
            throw MediaError(.unsupported, "\(stillPath): not a JPEG or HEIC still, cannot zip it as a Live Photo")
        }
        let partial = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).partial")
        try? FileManager.default.removeItem(at: partial)
        do {
            let archive = try Archive(url: partial, accessMode: .create)
            try archive.addEntry(
                with: "\(baseName).\(format == .heic ? "heic" : "jpg")", fileURL: URL(fileURLWithPath: stillPath), compressionMethod: .none)
            try archive.addEntry(with: "\(baseName).mov", fileURL: URL(fileURLWithPath: moviePath), compressionMethod: .none)
            guard rename(partial.path, url.path) == 0 else { throw MediaError(.encodingFailed, "cannot rename \(partial.path): errno \(errno)") }
        } catch {
            try? FileManager.default.removeItem(at: partial)
            throw MediaError(.encodingFailed, "\(url.path): cannot write the Live Photo zip: \(error)")
        }
    }
}
