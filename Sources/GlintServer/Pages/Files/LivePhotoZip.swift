import Foundation
import ZIPFoundation

/// The Live Photo download: the still and the movie, stored (not deflated: both are compressed
/// already) in one zip under one base name, written to a temporary file.
enum LivePhotoZip {
    /// Writes the zip into `directory` and returns its URL.
    /// - Throws: ``PageDownloadError`` naming the share when a file cannot be read or written.
    static func write(still: PageFile, movie: PageFile, names: ShareDownloadNames, in directory: URL) throws -> URL {
        let url = directory.appendingPathComponent(names.livePhotoZip)
        do {
            let archive = try Archive(url: url, accessMode: .create)
            try archive.addEntry(with: names.still(still), fileURL: still.url, compressionMethod: .none)
            try archive.addEntry(with: names.movie(movie), fileURL: movie.url, compressionMethod: .none)
        } catch {
            try? FileManager.default.removeItem(at: url)
            throw PageDownloadError(download: "live photo zip", problem: "\(error)")
        }
        return url
    }
}
