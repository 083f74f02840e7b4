import Foundation
import GlintMedia

extension Exporter {
    /// Exports a photo without motion as a still, whatever format the run asks for (a plain photo
    /// in a library has no motion to write): copied in its own format, or edited with the
    /// options' recipe (its colour and geometry; the motion's keys do not apply), its location
    /// removed when asked, as ``ExportFormat/still`` exports a Live Photo's still.
    /// - Throws: ``MediaError`` or ``RecipeError`` naming the file; nothing is written then.
    public static func export(photoPath path: String, options: ExportOptions, progress: (Double, String) -> Void = { _, _ in }) throws -> ExportResult {
        try options.recipe?.validate()
        let job = try ExportJob(stillPath: path, moviePath: path, options: options)
        defer { job.cleanUp() }
        do {
            try StillExporter.export(job, progress: progress)
        } catch {
            job.removeOutputs()
            throw error
        }
        progress(1, "done")
        return ExportResult(format: .still, stillPath: path, moviePath: path, files: job.files, notes: job.notes, effect: nil)
    }
}
