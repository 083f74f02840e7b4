import ArgumentParser
import Foundation
import GlintGraphics
import GlintJobs
import GlintLivePhoto
import GlintMedia

extension ExportFormat: ExpressibleByArgument {}
extension MotionCodec: ExpressibleByArgument {}
extension MotionContainer: ExpressibleByArgument {}

/// `glint export`: writes Live Photos as a pair, a still, a Motion Photo, an MP4, a GIF or a
/// WebP, optionally as an effect (Loop, Bounce, Long Exposure).
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export Live Photos as a pair, a still, a Motion Photo, an MP4, a GIF or a WebP, or as an effect.",
        discussion: """
            The files given are paired by content identifier, as `glint inspect` pairs them; every \
            file must belong to a Live Photo or be a Motion Photo (Google, MicroVideo, Samsung JPEG or \
            HEIC), which is unpacked into a Live Photo first (its samples copied). pair: the still and the movie, still paired (edited \
            with --recipe, copied otherwise). still: the photo alone (JPEG, metadata kept). \
            motion-photo: a Google Motion Photo, <base>.MP.jpg (the JPEG with the movie appended as \
            an MP4, LPCM audio encoded to AAC). mp4: the motion as an H.264 + AAC MP4 (HEVC, or any \
            video with a recipe, is encoded to H.264). gif, webp: the motion as an animation that \
            loops forever. --effect loop (a seamless cross-faded loop), bounce (forwards then \
            backwards) or live writes that effect as mp4, gif or webp (<base>-loop.gif ...); \
            --effect longExposure with --as still writes every frame aligned and averaged as a \
            JPEG (<base>-long-exposure.jpg). --strip-location removes GPS and place metadata from \
            every file written. \
            Folders (with -r, their sub-folders): every Live Photo, Motion Photo and plain photo in \
            them is exported under --out at its path below the folder given (plain photos as \
            stills), --jobs at a time; one item's failure never stops the others, and the run \
            exits 1 naming each failed file. Two items that would write the same file stop the run \
            before any work. Files are finished beside --out and renamed into place, so a run \
            killed at any moment leaves nothing partial under it; --skip-existing then skips what \
            is done.
            """
    )

    @Argument(help: "The stills and movies of the Live Photos to export, Motion Photos (one file each), or folders of them.")
    var paths: [String]

    @Option(name: .customLong("as"), help: "What to write: \(ExportFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: ExportFormat

    @Option(help: "A recipe applied first: a JSON object, or a file holding one.")
    var recipe: String?

    @Flag(help: "Drop HDR gain maps: the stills are written SDR only (as a recipe's \"hdr\": \"drop\", so they are re-encoded).")
    var sdr = false

    @Flag(help: "Remove the location (EXIF GPS, XMP places, QuickTime location keys) from every output.")
    var stripLocation = false

    @Option(help: "Directory for the exported files (created if missing).")
    var out = "."

    @Option(help: "Video codec of an edited pair: h264 or hevc (mp4 is always H.264).")
    var codec = MovieEncoding.default.codec.description

    @Option(help: "Video quality as a constant rate factor (lower is better).")
    var crf = MovieEncoding.default.crf

    @Option(help: "Encoder preset, ultrafast ... veryslow.")
    var preset = MovieEncoding.default.preset

    @Option(help: "JPEG quality of an edited still, 1-100.")
    var quality = JPEGEncoder.defaultQuality

    @Option(help: "An effect: live, loop, bounce (with --as mp4, gif or webp) or longExposure (with --as still, a JPEG).")
    var effect: Effect?

    @Option(help: "Longest side of an effect or animation in pixels (GIF 480 and WebP 720 unless given).")
    var maxDimension: Int?

    @Option(help: "With --as still: put the Live Photo badge on the photo, live or live-off.")
    var badge: BadgeKind?

    @Option(help: "The badge's built-in drawing: overlay (with a soft shadow) or solid.")
    var badgeStyle: BadgeStyle = .overlay

    @Option(help: "The badge's corner: top-left (the default, as Apple does), top-right, bottom-left or bottom-right.")
    var badgeCorner: BadgeCorner = .topLeft

    @Option(help: "The motion's codec in a Motion Photo: h264 (a Live Photo's default), hevc, or copy (the movie's own: a Motion Photo's default).")
    var motionCodec: MotionCodec?

    @Option(help: "A Motion Photo's container: jpeg (a Live Photo's default) or heic; a Motion Photo keeps its own unless told.")
    var motionContainer: MotionContainer?

    @Option(help: "The content identifier (a UUID) of a Live Photo made from a Motion Photo; a fresh one by default.")
    var identifier: String?

    @OptionGroup var library: LibraryArguments

    @Flag(help: "Print one JSON document for machines.")
    var json = false

    struct Document: Encodable {
        var format: ExportFormat
        var files: [ExportedFile]
        var exports: [ExportResult]
        var badges: [BadgedStill]?
    }

    func validate() throws {
        if let identifier, UUID(uuidString: identifier) == nil {
            throw ValidationError("--identifier \(identifier): expected a UUID such as 0F1E2D3C-4B5A-6978-8796-A5B4C3D2E1F0")
        }
        if identifier != nil && LibraryArguments.namesFolder(paths) {
            throw ValidationError("--identifier names one Live Photo: it cannot go with folders")
        }
        if let badge, let refusal = LivePhotoExport.badgeRefusal(kind: badge, format: format, effect: effect) {
            throw ValidationError(refusal.message(badge: "--badge", plainStill: "--as still"))
        }
    }

    func run() throws {
        guard !LibraryArguments.namesFolder(paths) else { return try runLibrary() }
        let bar = ProgressBar(quiet: json)
        do {
            let options = try exportOptions()
            let sources = try Exporter.sources(in: paths)
            let export = LivePhotoExport(format: format, options: options, badge: try badgeSpecification(), inputs: paths)
            let exported = try export.run(sources, progress: bar.update)
            bar.finish()
            printResults(exported)
        } catch {
            bar.finish()
            throw ExitCode(CommandOutput.fail(error, json: json))
        }
    }

    /// Folders: every item found exported under `--out`, the folders' tree mirrored.
    func runLibrary() throws {
        let export: LivePhotoExport
        do {
            let options = try exportOptions()
            try Exporter.validate(format, options: options)
            export = LivePhotoExport(format: format, options: options, badge: try badgeSpecification(), inputs: [])
        } catch {
            throw ExitCode(CommandOutput.fail(error, json: json))
        }
        try library.run(paths, out: out, json: json, converter: export.libraryConverter)
    }

    func badgeSpecification() throws -> BadgeSpecification? {
        try badge.map { try BadgeSpecification(kinds: [$0], style: badgeStyle, corner: badgeCorner) }
    }

    /// The options the flags give.
    func exportOptions() throws -> ExportOptions {
        var options = ExportOptions(
            outputDirectory: out, stripLocation: stripLocation, jpegQuality: quality,
            encoding: MovieEncoding(codec: codec, crf: crf, preset: preset))
        options.effect = effect
        options.motionCodec = motionCodec
        options.motionContainer = motionContainer
        options.livePhotoIdentifier = identifier.flatMap { ContentIdentifier($0.uppercased()) }
        options.effectOptions.maxDimension = maxDimension
        if let recipe {
            let (data, folder) = try EditCommand.loadRecipe(recipe)
            options.recipe = try EditRecipe.parse(json: data, baseDirectory: folder)
        }
        if sdr {
            options.recipe = {
                var recipe = $0 ?? EditRecipe()
                recipe.hdr = .drop
                return recipe
            }(options.recipe)
        }
        return options
    }

    func printResults(_ exported: LivePhotoExport.Result) {
        let (results, badges) = (exported.exports, exported.badges)
        if json {
            CommandOutput.printJSON(Document(format: format, files: results.flatMap(\.files), exports: results, badges: badges))
            return
        }
        for result in results {
            for file in result.files {
                print("\(file.path)  \(file.kind.rawValue)  \(InspectionText.byteCount(file.size))")
            }
            for note in result.notes { print("note: \(note)") }
        }
        for applied in badges ?? [] {
            print(
                "badge: \(applied.kind) (\(applied.style)) in the \(applied.corner) corner of \(applied.file), "
                    + "\(applied.height) px high, clear space \(applied.clearSpace) px [\(applied.method.rawValue)]")
        }
    }
}
