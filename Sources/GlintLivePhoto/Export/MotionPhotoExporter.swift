import Foundation
import GlintMedia

/// ``ExportFormat/motionPhoto``: a Google Motion Photo: the still (edited with the recipe, if
/// any) with the movie as an MP4 in ``ExportOptions/motionCodec`` (H.264 unless told: HEVC is
/// transcoded; `copy` keeps the samples; LPCM audio encoded to AAC, AAC copied), described by XMP
/// merged into the still's own. The container is ``ExportOptions/motionContainer`` (JPEG unless
/// told; a still in the other format is re-encoded). A Motion Photo exported as one is given its
/// own codec and container unless told (``ExportOptions/keepingForm(ofMotionPhotoWith:)``).
/// A JPEG gives `<base>.MP.jpg` (the MP4
/// appended), a HEIC `<base>.MP.heic` (the MP4 in a top-level `mpvd` box); a still already in the
/// container's format keeps its coded image untouched.
enum MotionPhotoExporter: FormatExporter {
    static func export(_ job: ExportJob, progress: (Double, String) -> Void) throws {
        // Edited (with a recipe) straight into the motion's codec; else transcoded when not in it.
        let codec = job.options.motionPhotoCodec.videoCodec
        let (stillPath, moviePath) = try editedPair(job, codec: codec) { fraction, label in progress(fraction * 0.8, label) }
        let movie = try MotionTranscoder.movie(job, at: moviePath, codec: codec, recipe: nil) { fraction, label in progress(fraction * 0.8, label) }
        let primary = try still(at: stillPath, in: job.options.motionPhotoContainer, job: job)
        let output = try job.outputPath(named: ExportNames.motionPhoto(stillPath: job.stillPath, container: job.options.motionPhotoContainer))
        progress(0.82, "writing the MP4")
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
        if let jpeg = primary as? JPEGStill {
            try MotionPhotoWriter.write(
                primary: jpeg.file, mp4Path: mp4, presentationTimestampUs: timestamp,
                removeLocation: job.options.stripLocation, to: output)
        } else if let heic = primary as? HEICStill {
            try MotionPhotoWriter.write(
                heifPrimary: heic.bytes, mp4Path: mp4, presentationTimestampUs: timestamp,
                removeLocation: job.options.stripLocation, to: output)
        } else {
            throw MediaError(.unsupported, file: job.stillPath, "a Motion Photo needs a JPEG or HEIC primary image")
        }
        try job.record(output, kind: .motionPhoto)
    }

    /// The still at `path` in the container's format: as it is, or re-encoded (with a note).
    static func still(at path: String, in container: MotionContainer, job: ExportJob) throws -> any StillImage {
        let still = try StillImageReader.read(path: path)
        let encoding = StillEncoding(jpegQuality: job.options.jpegQuality)
        guard let bytes = try StillFormatConverter.convert(still, to: container.format, encoding: encoding) else { return still }
        let converted = try job.stagingDirectory() + "/" + ExportJob.baseName(path) + "-container." + container.format.fileExtension
        try AtomicFileWriter.write(bytes, to: converted)
        let from = still.format == .heic ? "HEIC" : "JPEG"
        job.notes.append("the \(from) still was re-encoded as a \(container.rawValue.uppercased()) (--motion-container \(container.rawValue))")
        return try StillImageReader.read(path: converted)
    }
}
