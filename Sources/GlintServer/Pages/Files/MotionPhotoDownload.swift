import Foundation
import GlintLivePhoto

/// The Motion Photo download: GlintLivePhoto's Motion Photo export of the pair (the still with the
/// movie as an MP4, described by XMP), written to a temporary file.
enum MotionPhotoDownload {
    /// Exports the pair into `directory` and returns the Motion Photo's URL. The blob files are
    /// linked under their download names first, so the export names its output after them.
    /// - Throws: ``PageDownloadError`` with the exporter's reason.
    static func write(still: PageFile, movie: PageFile, names: ShareDownloadNames, in directory: URL) throws -> URL {
        let sources = directory.appendingPathComponent("sources", isDirectory: true)
        let output = directory.appendingPathComponent("export", isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
            let stillLink = sources.appendingPathComponent(names.still(still))
            let movieLink = sources.appendingPathComponent(names.movie(movie))
            try FileManager.default.createSymbolicLink(at: stillLink, withDestinationURL: still.url)
            try FileManager.default.createSymbolicLink(at: movieLink, withDestinationURL: movie.url)
            let result = try Exporter.export(
                stillPath: stillLink.path, moviePath: movieLink.path, as: .motionPhoto,
                options: ExportOptions(outputDirectory: output.path))
            guard let file = result.files.first(where: { $0.kind == .motionPhoto }) else {
                throw PageDownloadError(download: "motion photo", problem: "the export wrote no Motion Photo")
            }
            return URL(fileURLWithPath: file.path)
        } catch let error as PageDownloadError {
            throw error
        } catch {
            throw PageDownloadError(download: "motion photo", problem: "\(error)")
        }
    }
}
