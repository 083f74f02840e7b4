import Foundation
import GlintMedia

/// ``ExportFormat/still``: the photo alone, in its own format (JPEG or HEIC) with its metadata
/// (EXIF, XMP, ICC; the Live Photo identifier stays in the MakerNote, which ordinary viewers
/// ignore).
enum StillExporter: FormatExporter {
    static func export(_ job: ExportJob, progress: (Double, String) -> Void) throws {
        let output = try job.outputPath(named: ExportNames.fileName(job.stillPath))
        let strip = job.options.stripLocation
        if let recipe = job.options.recipe {
            progress(0.1, "editing the still")
            let edited = try StillEditor.edit(
                try StillImageReader.read(path: job.stillPath), recipe: recipe, contentIdentifier: nil,
                quality: job.options.jpegQuality)
            var bytes = edited.bytes
            if strip { bytes = try StillLocationRemover.removingLocation(from: bytes, file: job.stillPath) }
            try AtomicFileWriter.write(bytes, to: output)
        } else if strip {
            progress(0.1, "removing the still's location")
            try AtomicFileWriter.write(try stillWithoutLocation(job.stillPath), to: output)
        } else if let facts = job.options.captureFacts, !facts.isEmpty, let still = try CaptureFactsWriter.filledStill(job.stillPath, with: facts) {
            progress(0.1, "copying the still with its capture date and location")
            if let bytes = still.bytes { try AtomicFileWriter.write(bytes, to: output) } else { try ExportJob.copy(job.stillPath, to: output) }
            try job.record(output, kind: .still, captureFacts: still.filled)
            return
        } else {
            progress(0.1, "copying the still")
            try ExportJob.copy(job.stillPath, to: output)
        }
        try job.record(output, kind: .still)
    }
}
