import Foundation

/// A folder of its own for making one download, removed when the work is done (the file sent
/// stays readable through its open descriptor, see ``FileResponses/temporary(_:contentType:fileName:)``).
struct TemporaryDownloadDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("glint-download-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(at: url) }
}
