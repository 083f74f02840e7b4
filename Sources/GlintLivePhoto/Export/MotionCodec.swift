import GlintMedia

/// The video codec of a Motion Photo's motion (`--motion-codec`): H.264 by default for a Live
/// Photo, which every viewer plays (galleries and Google Photos often show HEVC Motion Photos as
/// still photos); `copy` keeps the movie's own samples (a Motion Photo's default), `hevc` makes HEVC.
public enum MotionCodec: String, Sendable, Codable, CaseIterable {
    case copy
    case h264
    case hevc

    /// The codec the motion must be in, or nil to keep the movie's.
    var videoCodec: VideoCodec? {
        switch self {
        case .copy: nil
        case .h264: .h264
        case .hevc: .hevc
        }
    }
}

/// The container of a Motion Photo (`--motion-container`): a JPEG by default for a Live Photo,
/// which every viewer reads (a HEIC Motion Photo is a Samsung extension most other phones show as
/// a still), and a Motion Photo's own for a Motion Photo; `heic` writes a HEIC with the motion in
/// an `mpvd` box. A still in the other format is re-encoded.
public enum MotionContainer: String, Sendable, Codable, CaseIterable {
    case jpeg
    case heic

    /// The still's format.
    public var format: StillFormat { self == .jpeg ? .jpeg : .heic }

    /// The container of a Motion Photo whose primary image has the type `primaryMime`.
    public init(primaryMime: String) {
        self = primaryMime == "image/heic" ? .heic : .jpeg
    }
}

extension ExportOptions {
    /// The codec a Live Photo's motion is written in: the one asked for, else H.264.
    var motionPhotoCodec: MotionCodec { motionCodec ?? .h264 }
    /// The container a Live Photo is written in as a Motion Photo: the one asked for, else a JPEG.
    var motionPhotoContainer: MotionContainer { motionContainer ?? .jpeg }

    /// These options for the Motion Photo whose primary image has the type `primaryMime`: the
    /// codec and container not asked for are the Motion Photo's own, so that, exported as a Motion
    /// Photo without a recipe, it keeps its coded still and its motion's samples (nothing
    /// re-encoded, no generation lost). Its phone made it in that form, and the viewers it was
    /// made for play it; `--motion-container jpeg --motion-codec h264` convert it.
    public func keepingForm(ofMotionPhotoWith primaryMime: String) -> ExportOptions {
        var options = self
        options.motionCodec = motionCodec ?? .copy
        options.motionContainer = motionContainer ?? MotionContainer(primaryMime: primaryMime)
        return options
    }
}

/// The motion of an export in the codec it needs: the movie as it is when it is in that codec
/// already and there is no recipe, else edited (with the recipe, framed as the edited still) or
/// transcoded through ``MovieEditor``, the frame pipeline the pair's edit uses.
enum MotionTranscoder {
    /// The movie at `path` (the job's, unless given) in `codec` (nil: its own), with `recipe`
    /// applied when given.
    static func movie(
        _ job: ExportJob, at path: String? = nil, codec: VideoCodec?, recipe: EditRecipe?, progress: (Double, String) -> Void
    ) throws -> QuickTimeMovie {
        let movie = try QuickTimeMovie(path: path ?? job.moviePath)
        let current = movie.videoTrack?.format
        let isCurrent: Bool
        switch codec {
        case nil: isCurrent = true
        case .h264?: isCurrent = current == "avc1" || current == "avc3"
        case .hevc?: isCurrent = current == "hvc1" || current == "hev1"
        case .other?: isCurrent = false
        }
        guard recipe != nil || !isCurrent else { return movie }
        let staged = try job.stagingDirectory() + "/" + ExportJob.baseName(job.moviePath) + "-motion.mov"
        var encoding = job.options.encoding
        if let codec { encoding.codec = codec }
        // With a recipe, frame the motion as the edited still is framed.
        let aspect = try recipe.map { recipe in
            let still = try StillImageReader.read(path: job.stillPath)
            return EditGeometry(recipe: recipe, width: still.width, height: still.height, orientation: still.orientation).displayAspect
        }
        _ = try MovieEditor.edit(
            MovieEdit(movie: movie, destination: staged, recipe: recipe ?? EditRecipe(), displayAspect: aspect, contentIdentifier: nil, encoding: encoding)
        ) { done, total in
            progress(Double(done) / Double(max(total, 1)), "frame \(done) of \(total)")
        }
        if !isCurrent, let codec { job.notes.append("the \(current?.description ?? "unknown") video was transcoded to \(codec == .h264 ? "H.264" : "HEVC")") }
        return try QuickTimeMovie(path: staged)
    }
}
