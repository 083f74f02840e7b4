import Foundation
import GlintMedia

/// Writes one ``ExportFormat`` from a Live Photo pair into the job's output directory, when no
/// effect is asked for. Each format's exporter is a type of its own in a file of its own, named
/// by ``ExportFormat/writer``.
protocol FormatExporter {
    /// Writes the outputs, recording each in `job` as soon as it is complete.
    /// - Parameter progress: The fraction done (0...1) and what is being done.
    static func export(_ job: ExportJob, progress: (Double, String) -> Void) throws
}

extension FormatExporter {
    /// The pair edited with the job's recipe into the staging folder, or the pair itself when
    /// there is no recipe.
    static func editedPair(_ job: ExportJob, codec: VideoCodec? = nil, progress: (Double, String) -> Void) throws -> (still: String, movie: String) {
        guard let recipe = job.options.recipe else { return (job.stillPath, job.moviePath) }
        var encoding = job.options.encoding
        if let codec { encoding.codec = codec }
        let result = try LivePhotoEditor.edit(
            stillPath: job.stillPath, moviePath: job.moviePath, recipe: recipe, outputDirectory: try job.stagingDirectory(),
            options: .init(jpegQuality: job.options.jpegQuality, encoding: encoding, logger: job.options.logger),
            progress: progress)
        return (result.stillPath, result.moviePath)
    }

    /// The still at `path` (JPEG or HEIC) without location (EXIF GPS, XMP places).
    static func stillWithoutLocation(_ path: String) throws -> [UInt8] {
        try StillLocationRemover.removingLocation(fromFileAt: path)
    }
}
