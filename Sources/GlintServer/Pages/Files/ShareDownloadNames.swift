import GlintQueue

/// The names downloads are given: `glint-<first 8 of the job id>` plus what the file is, so the
/// still and the movie of a pair share a base name (as Photos expects on import).
struct ShareDownloadNames {
    let base: String

    init(job: JobID) { base = "glint-" + job.description.prefix(8) }

    /// The still alone: `glint-1a2b3c4d.jpg`.
    func still(_ file: PageFile) -> String { "\(base).\(file.fileExtension)" }
    /// The movie of the pair: `glint-1a2b3c4d.mov`.
    func movie(_ file: PageFile) -> String { "\(base).\(file.fileExtension)" }
    /// The pair zipped: `glint-1a2b3c4d-live-photo.zip`.
    var livePhotoZip: String { "\(base)-live-photo.zip" }
    /// The Motion Photo download, named by its own type: `glint-1a2b3c4d.MP.jpg` (or `.MP.heic`).
    func motionPhoto(_ file: PageFile) -> String { "\(base).MP.\(file.fileExtension)" }
}
