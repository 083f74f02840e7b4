import Foundation
import GlintCore
import GlintMedia
import Logging

/// Edits a Live Photo: the same recipe on the still and on every frame, written as a pair that
/// still pairs.
///
/// Identity rules: the pair keeps its content identifier. A half without one takes the other
/// half's; when neither has one a fresh identifier goes into both (turning a photo and a clip
/// into a Live Photo). Halves carrying different identifiers are two different Live Photos and
/// are refused.
///
/// Outputs are written atomically and together: on any failure neither half is left behind.
public enum LivePhotoEditor {
    /// Where the output identifier came from.
    public enum IdentifierSource: String, Sendable, Codable {
        /// Both halves already carried it.
        case kept
        /// Copied from the still into the movie.
        case fromStill = "from-still"
        /// Copied from the movie into the still.
        case fromMovie = "from-movie"
        /// Neither half had one; a new one was made.
        case created
    }

    /// Settings beyond the recipe.
    public struct Options: Sendable {
        public var jpegQuality: Int
        public var encoding: MovieEncoding
        /// Where the edit reports what it decided and how long each half took.
        public var logger: Logger
        /// How a HEIC still is encoded (a HEIC input gives a HEIC output).
        public var heic: HEICEncoder.Settings
        /// What the times the edit logs are read from.
        public var clock: any WallClock = SystemWallClock()
        public init(
            jpegQuality: Int = JPEGEncoder.defaultQuality, encoding: MovieEncoding = .default,
            logger: Logger = Logger(label: "glint.livephoto.edit"), heic: HEICEncoder.Settings = HEICEncoder.Settings()
        ) {
            self.jpegQuality = jpegQuality
            self.encoding = encoding
            self.logger = logger
            self.heic = heic
        }
    }

    /// What was written.
    public struct Result: Sendable, Codable, Equatable {
        public var stillPath: String
        public var moviePath: String
        public var contentIdentifier: ContentIdentifier
        public var identifierSource: IdentifierSource
        public var stillWidth: Int
        public var stillHeight: Int
        public var movieWidth: Int
        public var movieHeight: Int
        public var frameCount: Int
        public var stillImageTime: Double?
        public var createdMakerNote: Bool
        public var createdStillImageTimeTrack: Bool
        /// What the trim kept, when the recipe trims.
        public var trim: TrimReport? = nil
        /// The source's still time, when the edit moved it (trim or key photo).
        public var sourceStillImageTime: Double? = nil
        /// Whether the trim left the source's still time out, so that it moved to the nearest kept frame.
        public var stillImageTimeMovedByTrim: Bool = false
        /// The movie frame that became the still, when the recipe picks a key photo.
        public var keyPhoto: KeyPhotoFrame.Report? = nil
        /// What happened to the sound; `nil` when the movie has none.
        public var sound: SoundReport? = nil
        /// Tracks a trim left out, with the reason.
        public var droppedTracks: [String] = []
        /// What became of the still's HDR gain map; absent when it had none.
        public var hdr: HDREditReport? = nil
    }

    /// Edits `stillPath` + `moviePath` into `outputDirectory`, under the inputs' file names.
    /// - Parameter progress: Called with the fraction done (0...1) and what is being done.
    public static func edit(
        stillPath: String, moviePath: String, recipe: EditRecipe, outputDirectory: String,
        options: Options = Options(), progress: (Double, String) -> Void = { _, _ in }
    ) throws -> Result {
        let pair = try PairEdit(stillPath: stillPath, moviePath: moviePath, recipe: recipe, options: options)
        let stillOut = try outputPath(for: stillPath, in: outputDirectory)
        let movieOut = try outputPath(for: moviePath, in: outputDirectory)
        guard stillOut != movieOut else {
            throw MediaError(.invalidArgument, file: moviePath, "the still and the movie have the same file name")
        }
        let (editedStill, editedMovie) = try pair.editHalves(movieOut: movieOut, progress: progress)
        do {
            try AtomicFileWriter.write(editedStill.bytes, to: stillOut)
        } catch {
            try? FileManager.default.removeItem(atPath: movieOut)
            throw error
        }
        progress(1, "done")
        pair.logger.info(
            "live photo edited",
            metadata: [
                "still": "\(stillOut)", "movie": "\(movieOut)", "frames": "\(editedMovie.frameCount)",
                "elapsed": "\(pair.options.clock.elapsed(since: pair.started))",
            ])
        return pair.result(stillPath: stillOut, moviePath: movieOut, still: editedStill, movie: editedMovie)
    }

    /// Frames that go through the movie's pipeline while the still is edited (see ``FrameHold``).
    static let framesAlongsideStill = 10

    static func resolveIdentifier(still: any StillImage, movie: QuickTimeMovie) throws -> (ContentIdentifier, IdentifierSource) {
        switch (still.exif?.contentIdentifier, movie.contentIdentifier) {
        case (let s?, let m?) where s == m: return (s, .kept)
        case (let s?, let m?):
            throw MediaError(
                .invalidArgument, file: still.path,
                "carries content identifier \(s) but \(movie.path) carries \(m): they are two different Live Photos")
        case (let s?, nil): return (s, .fromStill)
        case (nil, let m?): return (m, .fromMovie)
        case (nil, nil): return (.random(), .created)
        }
    }

    /// `directory/<file name of input>`, refusing to overwrite the input itself.
    static func outputPath(for input: String, in directory: String) throws -> String {
        let name = URL(fileURLWithPath: input).lastPathComponent
        guard !name.isEmpty, name != ".", name != ".." else { throw MediaError(.invalidArgument, file: input, "has no file name") }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw MediaError(.writeFailed, file: directory, "cannot create the output directory")
        }
        return try OutputPath.file(named: name, in: directory, inputs: [input])
    }
}
