import GlintMedia
import Logging

/// How a Live Photo is exported, beyond its format.
public struct ExportOptions: Sendable {
    /// Where the files go (created if missing).
    public var outputDirectory: String
    /// An edit applied to the still and every frame first; `nil` exports the pair as it is.
    public var recipe: EditRecipe?
    /// Remove the recording location from every file written: EXIF GPS, XMP place properties,
    /// QuickTime location keys and `©xyz`.
    public var stripLocation: Bool
    /// JPEG quality of an edited still.
    public var jpegQuality: Int
    /// How edited or transcoded frames are encoded (``ExportFormat/mp4`` always uses H.264).
    public var encoding: MovieEncoding
    /// An effect (Live, Loop, Bounce, Long Exposure) to write instead of the plain motion or
    /// still: with ``ExportFormat/mp4``, ``ExportFormat/gif`` or ``ExportFormat/webp`` for the
    /// moving ones, ``ExportFormat/still`` (a JPEG) for Long Exposure. GIF and WebP without an
    /// effect show the motion as it is (Live).
    public var effect: Effect?
    /// Settings of the effect: size, cross-fade, GIF and WebP quality.
    public var effectOptions: EffectOptions
    /// The motion's codec in a Motion Photo (``ExportFormat/motionPhoto``). Unless told (nil), a
    /// Live Photo's movie becomes H.264 and a Motion Photo keeps its own (``MotionCodec/copy``).
    public var motionCodec: MotionCodec?
    /// A Motion Photo's container. Unless told (nil), a Live Photo becomes a JPEG Motion Photo and
    /// a Motion Photo keeps its own.
    public var motionContainer: MotionContainer?
    /// The content identifier of a Live Photo made from a Motion Photo (`--identifier`); a fresh
    /// one when nil.
    public var livePhotoIdentifier: ContentIdentifier?
    /// A capture date and location (a Google Takeout sidecar's) for a still copied as it is, given
    /// where it lacks them as it is copied (``CaptureFactsWriter``): read once, written once. The
    /// file's ``ExportedFile/captureFacts`` says what it got; other outputs are written without.
    public var captureFacts: CaptureFacts?
    /// Where the export reports what it did.
    public var logger: Logger

    public init(
        outputDirectory: String, recipe: EditRecipe? = nil, stripLocation: Bool = false, jpegQuality: Int = JPEGEncoder.defaultQuality,
        encoding: MovieEncoding = .default, logger: Logger = Logger(label: "glint.livephoto.export")
    ) {
        self.outputDirectory = outputDirectory
        self.recipe = recipe
        self.stripLocation = stripLocation
        self.jpegQuality = jpegQuality
        self.encoding = encoding
        self.logger = logger
        effectOptions = EffectOptions()
    }
}

/// What exporting one Live Photo wrote.
public struct ExportResult: Sendable, Codable, Equatable {
    /// The format asked for.
    public var format: ExportFormat
    /// The source still.
    public var stillPath: String
    /// The source movie.
    public var moviePath: String
    /// The files written, in order.
    public var files: [ExportedFile]
    /// Things the user should know (a converted primary image, dropped audio, ...).
    public var notes: [String]
    /// What the effect wrote, when there was one (or a GIF or WebP).
    public var effect: EffectResult?
}
