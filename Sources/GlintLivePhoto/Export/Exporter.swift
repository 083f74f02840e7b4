import Foundation
import GlintMedia

/// Exports Live Photos as a pair, a still, a Motion Photo, an MP4, a GIF or a WebP (see
/// ``ExportFormat``).
///
/// Each format has its own exporter or is an effect (``ExportFormat/writer``); this type
/// validates the options, runs the one asked for and makes the export all-or-nothing:
/// intermediate files live in a hidden staging folder in the output directory, and if anything
/// fails the outputs already written are removed.
public enum Exporter {
    /// Exports the pair `stillPath` + `moviePath` as `format`.
    /// - Parameter progress: The fraction done (0...1) and what is being done.
    /// - Throws: ``MediaError`` or ``RecipeError`` naming the file and the problem.
    public static func export(
        stillPath: String, moviePath: String, as format: ExportFormat, options: ExportOptions,
        progress: (Double, String) -> Void = { _, _ in }
    ) throws -> ExportResult {
        try export(stillPath: stillPath, moviePath: moviePath, as: format, options: options, protectedInputs: [], progress: progress)
    }

    /// ``export(stillPath:moviePath:as:options:progress:)``, never overwriting `protectedInputs` either.
    static func export(
        stillPath: String, moviePath: String, as format: ExportFormat, options: ExportOptions, protectedInputs: [String],
        progress: (Double, String) -> Void
    ) throws -> ExportResult {
        try validate(format, options: options)
        let job = try ExportJob(stillPath: stillPath, moviePath: moviePath, options: options, protectedInputs: protectedInputs)
        defer { job.cleanUp() }
        var effectResult: EffectResult?
        do {
            switch EffectExporter.writer(for: format, options: options) {
            case .effect(let effect): effectResult = try EffectExporter.export(job, effect: effect, format: format, progress: progress)
            case .exporter(let exporter): try exporter.export(job, progress: progress)
            }
        } catch {
            job.removeOutputs()
            throw error
        }
        progress(1, "done")
        options.logger.info(
            "live photo exported",
            metadata: [
                "format": "\(format.rawValue)", "still": "\(stillPath)", "files": "\(job.files.map(\.path))",
            ])
        return ExportResult(
            format: format, stillPath: stillPath, moviePath: moviePath, files: job.files, notes: job.notes,
            effect: effectResult)
    }

    /// Refuses options that no export as `format` can take (a bad recipe or LUT, encoding or
    /// quality, an effect the format cannot be), before any work.
    /// - Throws: ``MediaError`` or ``RecipeError``.
    public static func validate(_ format: ExportFormat, options: ExportOptions) throws {
        try options.recipe?.validate()
        // The recipe's LUT is loaded and checked before any work (the editors load it again).
        if let recipe = options.recipe { _ = try ColourPipeline(recipe: recipe) }
        try options.encoding.validate()
        guard (1...100).contains(options.jpegQuality) else {
            throw MediaError(.invalidArgument, "JPEG quality must be between 1 and 100, got \(options.jpegQuality)")
        }
        try EffectExporter.validate(format: format, options: options)
    }

    /// The Live Photos among `paths`, paired by content identifier (never by name).
    /// - Throws: ``MediaError`` naming the first file that cannot be read or that pairs with
    ///   nothing, and why.
    public static func livePhotos(in paths: [String]) throws -> [LivePhoto] {
        let sources = try sources(in: paths)
        if let motion = sources.lazy.compactMap(\.motionPhotoPath).first {
            throw MediaError(.invalidArgument, file: motion, "is a Motion Photo, not half of a Live Photo")
        }
        return sources.compactMap(\.livePhoto)
    }
}
