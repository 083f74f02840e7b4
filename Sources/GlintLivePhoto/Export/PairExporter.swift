import Foundation
import GlintMedia

/// ``ExportFormat/pair``: the still and the movie under their own names, still paired: edited
/// through ``LivePhotoEditor`` when there is a recipe, copied otherwise.
enum PairExporter: FormatExporter {
    static func export(_ job: ExportJob, progress: (Double, String) -> Void) throws {
        let stillOut = try job.outputPath(named: ExportNames.fileName(job.stillPath))
        let movieOut = try job.outputPath(named: ExportNames.fileName(job.moviePath))
        guard stillOut != movieOut else {
            throw MediaError(.invalidArgument, file: job.moviePath, "the still and the movie have the same file name")
        }
        let strip = job.options.stripLocation
        if let recipe = job.options.recipe {
            let result = try LivePhotoEditor.edit(
                stillPath: job.stillPath, moviePath: job.moviePath, recipe: recipe, outputDirectory: job.options.outputDirectory,
                options: .init(jpegQuality: job.options.jpegQuality, encoding: job.options.encoding, logger: job.options.logger)
            ) { fraction, label in progress(fraction * 0.95, label) }
            try job.record(result.stillPath, kind: .still)
            try job.record(result.moviePath, kind: .movie)
            if strip {
                progress(0.96, "removing the location")
                try AtomicFileWriter.write(try stillWithoutLocation(result.stillPath), to: result.stillPath)
                try MovieLocationRemover.write(try QuickTimeMovie(path: result.moviePath), to: result.moviePath)
            }
        } else {
            progress(0.1, strip ? "removing the still's location" : "copying the still")
            if strip {
                try AtomicFileWriter.write(try stillWithoutLocation(job.stillPath), to: stillOut)
            } else {
                try ExportJob.copy(job.stillPath, to: stillOut)
            }
            try job.record(stillOut, kind: .still)
            progress(0.5, strip ? "removing the movie's location" : "copying the movie")
            if strip {
                try MovieLocationRemover.write(try QuickTimeMovie(path: job.moviePath), to: movieOut)
            } else {
                try ExportJob.copy(job.moviePath, to: movieOut)
            }
            try job.record(movieOut, kind: .movie)
        }
    }
}
