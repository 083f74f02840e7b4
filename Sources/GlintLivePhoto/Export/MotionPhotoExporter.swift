import Foundation
import GlintMedia

/// ``ExportFormat/motionPhoto``: a Google Motion Photo, `<base>.MP.jpg`: the still (edited
/// with the recipe, if any) with the movie appended as an MP4 (video copied, LPCM audio encoded
/// to AAC), described by XMP merged into the still's own.
///
/// The primary image must be a JPEG: HEIC stills are refused until this build decodes HEIC.
enum MotionPhotoExporter: FormatExporter {
    static func export(_ job: ExportJob, progress: (Double, String) -> Void) throws {
        let output = try job.outputPath(named: ExportJob.baseName(job.stillPath) + ".MP.jpg")
        let (stillPath, moviePath) = try editedPair(job) { fraction, label in progress(fraction * 0.8, label) }
        let primary: JPEGStill
        do {
            primary = try JPEGStill(path: stillPath)
        } catch let error as MediaError where error.kind == .unsupported {
            throw MediaError(.unsupported, file: job.stillPath,
                             "a Motion Photo needs a JPEG primary image, and this build cannot convert the still (\(error.problem))")
        }
        progress(0.82, "writing the MP4")
        let movie = try QuickTimeMovie(path: moviePath)
        let mp4 = URL(fileURLWithPath: try job.stagingDirectory()).appendingPathComponent(ExportJob.baseName(job.moviePath) + ".mp4").path
        let converted = try MovieToMP4.convert(movie, to: mp4, options: .init(keepLocation: !job.options.stripLocation))
        if let dropped = converted.droppedAudio { job.notes.append("the movie's audio was left out: \(dropped)") }
        var timestamp: Int64 = -1
        if let time = movie.stillImageTime {
            timestamp = Int64((time * 1_000_000).rounded())
        } else {
            job.notes.append("the movie marks no still time: MotionPhotoPresentationTimestampUs is -1 (unspecified)")
        }
        progress(0.95, "writing the Motion Photo")
        try MotionPhotoWriter.write(primary: primary.file, mp4Path: mp4, presentationTimestampUs: timestamp,
                                    removeLocation: job.options.stripLocation, to: output)
        try job.record(output, kind: .motionPhoto)
    }
}
