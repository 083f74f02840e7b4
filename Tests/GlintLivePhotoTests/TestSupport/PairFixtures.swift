import Foundation
import GlintLivePhoto
import GlintMedia
import Testing

/// Generated pairs and encoder settings used by these tests (the real phone files are in
/// ``SharedFixtures``).
enum PairFixtures {
    /// Generates a synthetic pair into `directory` and returns (still, movie); the still is
    /// `name.jpg` or `name.heic` after its format.
    static func synthetic(in directory: URL, name: String = "pair", configure: (inout SyntheticLivePhoto.Options) -> Void = { _ in }) throws -> (String, String)
    {
        var options = SyntheticLivePhoto.Options()
        options.stillIdentifier = ContentIdentifier("0F3E1C2A-5B6D-4E7F-8A9B-0C1D2E3F4A5B")
        options.movieIdentifier = options.stillIdentifier
        configure(&options)
        let still = directory.appendingPathComponent("\(name).\(options.stillFormat.fileExtension)").path
        let movie = directory.appendingPathComponent("\(name).mov").path
        try SyntheticLivePhoto.write(options, stillPath: still, moviePath: movie)
        return (still, movie)
    }

    /// Fast encoder settings: these tests measure pictures and structure, not compression.
    static let fastOptions = LivePhotoEditor.Options(encoding: MovieEncoding(codec: .h264, crf: 18, preset: "ultrafast"))
}
