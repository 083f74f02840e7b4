import Foundation
import Testing

/// Locates the real phone files in `../shared/fixtures` beside the checkout.
enum SharedFixtures {
    /// The fixtures folder, or `nil` when this checkout has none beside it.
    static let directory: URL? = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
                let fixtures = url.deletingLastPathComponent().appendingPathComponent("shared/fixtures")
                return FileManager.default.fileExists(atPath: fixtures.path) ? fixtures : nil
            }
        }
        return nil
    }()

    /// Whether the shared fixtures are present (tests needing them are skipped otherwise).
    static var available: Bool { directory != nil }

    /// The path of a fixture, e.g. `livephoto-iphone6s/IMG_train.mov`.
    static func path(_ relative: String) -> String {
        directory!.appendingPathComponent(relative).path
    }

    static var trainStill: String { path("livephoto-iphone6s/IMG_train.jpg") }
    static var trainMovie: String { path("livephoto-iphone6s/IMG_train.mov") }
}

/// A fresh temporary directory, removed by the caller.
func makeTemporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("glint-tests-" + UUID().uuidString)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
