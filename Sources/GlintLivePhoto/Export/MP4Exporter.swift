import Foundation
import GlintMedia

/// ``ExportFormat/mp4``: the motion alone as an H.264 + AAC MP4 (`<movie base>.mp4`). H.264
/// video is copied as it is; HEVC video, or any video when there is a recipe, is edited or
/// transcoded to H.264 first through ``MovieEditor`` (the same frame pipeline as the pair).
enum MP4Exporter: FormatExporter {
    static func export(_ job: ExportJob, progress: (Double, String) -> Void) throws {
        let output = try job.outputPath(named: ExportJob.baseName(job.moviePath) + ".mp4")
        var movie = try QuickTimeMovie(path: job.moviePath)
        let format = movie.videoTrack?.format
        let isH264 = format == "avc1" || format == "avc3"
        if job.options.recipe != nil || !isH264 {
            let staged = URL(fileURLWithPath: try job.stagingDirectory()).appendingPathComponent(ExportJob.baseName(job.moviePath) + ".mov").path
            var encoding = job.options.encoding
            encoding.codec = .h264
            let recipe = job.options.recipe ?? EditRecipe()
            // With a recipe, frame the motion as the edited still is framed.
            let aspect =
                job.options.recipe == nil
                ? nil
                : (try? StillImageReader.read(path: job.stillPath)).map {
                    EditGeometry(recipe: recipe, width: $0.width, height: $0.height, orientation: $0.orientation).displayAspect
                }
            _ = try MovieEditor.edit(
                MovieEdit(
                    movie: movie, destination: staged, recipe: recipe, displayAspect: aspect,
                    contentIdentifier: nil, encoding: encoding)
            ) { done, total in
                progress(0.9 * Double(done) / Double(max(total, 1)), "frame \(done) of \(total)")
            }
            if !isH264 { job.notes.append("the \(format?.description ?? "unknown") video was transcoded to H.264") }
            movie = try QuickTimeMovie(path: staged)
        }
        progress(0.92, "writing the MP4")
        let result = try MovieToMP4.convert(movie, to: output, options: .init(keepLocation: !job.options.stripLocation))
        if let dropped = result.droppedAudio { job.notes.append("the movie's audio was left out: \(dropped)") }
        try job.record(output, kind: .mp4)
    }
}
