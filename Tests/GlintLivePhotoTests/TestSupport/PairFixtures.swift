import Foundation
import GlintLivePhoto
import GlintMedia
import Testing

/// Paths to the real phone files and generated pairs used by these tests.
enum PairFixtures {
    /// `../shared/fixtures` beside the checkout, when present.
    static let shared: URL? = {
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

    static var sharedAvailable: Bool { shared != nil }
    static var realStill: String { shared!.appendingPathComponent("livephoto-iphone6s/IMG_train.jpg").path }
    static var realMovie: String { shared!.appendingPathComponent("livephoto-iphone6s/IMG_train.mov").path }
    static var mismatched: [String] {
        ["IMG.JPG", "IMG.MOV"].map { shared!.appendingPathComponent("livephoto-mismatched/\($0)").path }
    }

    /// A fresh temporary directory.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("glint-livephoto-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Generates a synthetic pair into `directory` and returns (still, movie).
    static func synthetic(in directory: URL, name: String = "pair", configure: (inout SyntheticLivePhoto.Options) -> Void = { _ in }) throws -> (String, String) {
        var options = SyntheticLivePhoto.Options()
        options.stillIdentifier = ContentIdentifier("0F3E1C2A-5B6D-4E7F-8A9B-0C1D2E3F4A5B")
        options.movieIdentifier = options.stillIdentifier
        configure(&options)
        let still = directory.appendingPathComponent("\(name).jpg").path
        let movie = directory.appendingPathComponent("\(name).mov").path
        try SyntheticLivePhoto.write(options, stillPath: still, moviePath: movie)
        return (still, movie)
    }

    /// Fast encoder settings: these tests measure pictures and structure, not compression.
    static let fastOptions = LivePhotoEditor.Options(encoding: MovieEncoding(codec: "h264", crf: 18, preset: "ultrafast"))
}
