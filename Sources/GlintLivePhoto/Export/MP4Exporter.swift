import Foundation
import GlintMedia

/// ``ExportFormat/mp4``: the motion alone as an H.264 + AAC MP4 (`<movie base>.mp4`). H.264
/// video is copied as it is; HEVC video, or any video when there is a recipe, is edited or
/// transcoded to H.264 first through ``MovieEditor`` (the same frame pipeline as the pair).
enum MP4Exporter: FormatExporter {
    static func export(_ job: ExportJob, progress: (Double, String) -> Void) throws {
        let output = try job.outputPath(named: ExportNames.mp4(moviePath: job.moviePath))
        let movie = try MotionTranscoder.movie(job, codec: .h264, recipe: job.options.recipe) { fraction, label in progress(0.9 * fraction, label) }
        progress(0.92, "writing the MP4")
        let result = try MovieToMP4.convert(movie, to: output, options: .init(keepLocation: !job.options.stripLocation))
        if let dropped = result.droppedAudio { job.notes.append("the movie's audio was left out: \(dropped)") }
        try job.record(output, kind: .mp4)
    }
}
