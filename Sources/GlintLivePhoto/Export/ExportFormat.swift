/// What a Live Photo is exported as.
///
/// New formats (animated GIF or WebP, effects such as loop, bounce or long exposure) are added
/// as cases here and as a branch in ``Exporter/export(_:as:options:progress:)`` with their own
/// exporter type; the command line lists the cases it is given.
public enum ExportFormat: String, Sendable, Codable, CaseIterable {
    /// The still and the movie, still paired (edited with the recipe, or copied).
    case pair
    /// The photo alone, in its own format, with its metadata (the Live Photo identifier may stay).
    case still
    /// A Google Motion Photo: the JPEG with the video appended as an MP4 (`<base>.MP.jpg`), or
    /// the HEIC with the MP4 in an `mpvd` box (`<base>.MP.heic`).
    case motionPhoto = "motion-photo"
    /// The motion alone as an H.264 + AAC MP4.
    case mp4
    /// The motion as an animated GIF that loops forever (see ``EffectRenderer``).
    case gif
    /// The motion as an animated WebP that loops forever (see ``EffectRenderer``).
    case webp
}

/// What one exported file is.
public enum ExportedFileKind: String, Sendable, Codable {
    /// A JPEG (or HEIC) photo.
    case still
    /// A QuickTime movie (the video half of a pair).
    case movie
    /// A Motion Photo JPEG with its MP4.
    case motionPhoto = "motion-photo"
    /// An MP4 movie.
    case mp4
    /// An animated GIF.
    case gif
    /// An animated WebP.
    case webp
}

/// One file an export wrote.
public struct ExportedFile: Sendable, Codable, Equatable {
    /// Where it is.
    public var path: String
    /// Its size in bytes.
    public var size: Int64
    /// What it is.
    public var kind: ExportedFileKind

    public init(path: String, size: Int64, kind: ExportedFileKind) {
        self.path = path
        self.size = size
        self.kind = kind
    }
}
