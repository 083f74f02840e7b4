import GlintMedia

/// What a Live Photo is exported as.
///
/// This file is the one list of formats: a new format is a case here, an arm in each switch of
/// the extension below (the compiler names them: ``writer`` and ``effectFormat(for:)``),
/// and, unless it is always an effect, a ``FormatExporter`` of its own in a file of its own. The
/// command line and the job parameters list the cases they are given; the raw values are their
/// spellings.
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

/// How an ``ExportFormat`` is written, format by format.
extension ExportFormat {
    /// What writes a format when the options ask for no effect.
    enum Writer {
        /// The format's own exporter.
        case exporter(any FormatExporter.Type)
        /// An effect, rendered through ``EffectExporter``.
        case effect(Effect)
    }

    /// What writes this format when the options ask for no effect: GIF and WebP show the motion
    /// as it is (Live); every other format has its own exporter.
    var writer: Writer {
        switch self {
        case .pair: .exporter(PairExporter.self)
        case .still: .exporter(StillExporter.self)
        case .motionPhoto: .exporter(MotionPhotoExporter.self)
        case .mp4: .exporter(MP4Exporter.self)
        case .gif, .webp: .effect(.live)
        }
    }

    /// The file format `effect` is rendered in when exported as this format, or `nil` when this
    /// format does not take `effect` (``Effect/formats`` says which of these the effect allows).
    func effectFormat(for effect: Effect) -> EffectFormat? {
        switch self {
        case .mp4: .mp4
        case .gif: .gif
        case .webp: .webp
        case .still:
            switch effect {
            case .longExposure: .jpeg
            case .live, .loop, .bounce: nil
            }
        case .pair, .motionPhoto: nil
        }
    }
}

/// What one exported file is (its raw value names a job's output).
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
    /// What it was given of ``ExportOptions/captureFacts`` as it was written (nil when the export
    /// was given none, or wrote it without them).
    public var captureFacts: CaptureFactsWriter.Filled?

    public init(path: String, size: Int64, kind: ExportedFileKind, captureFacts: CaptureFactsWriter.Filled? = nil) {
        self.path = path
        self.size = size
        self.kind = kind
        self.captureFacts = captureFacts
    }
}
