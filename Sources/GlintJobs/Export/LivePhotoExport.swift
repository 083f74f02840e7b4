public import GlintGraphics
public import GlintLivePhoto
import GlintMedia

/// One export of Live Photos, as `glint export` and the `livephoto.export` job run it: every pair
/// written in one format by ``Exporter``, and with a ``badge`` the stills badged.
///
/// GlintLivePhoto knows nothing of badges and GlintGraphics nothing of Live Photos, so the two
/// meet here: with a badge, the stills are exported into a hidden staging folder inside the
/// output directory, badged there through ``BadgeCompositor``, and only the badged files are
/// committed (atomically) under their final names.
public struct LivePhotoExport: Sendable {
    /// One Live Photo to export: its still and its movie.
    public struct Pair: Sendable, Equatable {
        /// Path of the still (JPEG or HEIC).
        public var stillPath: String
        /// Path of the movie (QuickTime).
        public var moviePath: String

        /// Creates a pair.
        public init(stillPath: String, moviePath: String) {
            self.stillPath = stillPath
            self.moviePath = moviePath
        }
    }

    /// What an export wrote.
    public struct Result: Sendable {
        /// Per Live Photo, what ``Exporter`` wrote, with the paths and sizes of the badged files.
        public var exports: [ExportResult]
        /// What was badged, when a badge was asked for.
        public var badges: [BadgedStill]?
    }

    /// Why a badge cannot go with an export.
    public enum BadgeRefusal: Sendable, Equatable {
        /// Only a plain still export (no effect) takes a badge.
        case notAPlainStill
        /// Only the Live Photo badges (live, live-off) go on a Live Photo's still.
        case notALivePhotoBadge

        /// The refusal in words, with the settings named as the caller spells them.
        /// - Parameters:
        ///   - badge: How the badge setting is written (`--badge`, `"badge"`).
        ///   - plainStill: How the still format is written (`--as still`, `"as": "still"`).
        public func message(badge: String, plainStill: String) -> String {
            switch self {
            case .notAPlainStill: "\(badge) applies to \(plainStill) without an effect"
            case .notALivePhotoBadge: "\(badge) takes live or live-off (the Live Photo badges)"
            }
        }
    }

    /// The format every pair is written in.
    public var format: ExportFormat
    /// The export's options; ``ExportOptions/outputDirectory`` is where the final files go.
    public var options: ExportOptions
    /// The Live Photo badge put on each still (``ExportFormat/still`` only), or nil.
    public var badge: BadgeSpecification?
    /// Files an output may not overwrite (the files given).
    public var inputs: [String]

    /// Creates an export.
    public init(format: ExportFormat, options: ExportOptions, badge: BadgeSpecification? = nil, inputs: [String]) {
        self.format = format
        self.options = options
        self.badge = badge
        self.inputs = inputs
    }

    /// Why `kind` cannot badge an export as `format` with `effect`; nil when it can.
    public static func badgeRefusal(kind: BadgeKind, format: ExportFormat, effect: Effect?) -> BadgeRefusal? {
        guard format == .still, effect == nil else { return .notAPlainStill }
        guard kind == .live || kind == .liveOff else { return .notALivePhotoBadge }
        return nil
    }

    /// Exports every pair, in order, and badges the stills when asked.
    /// - Parameter progress: The fraction of the whole export done (0...1) and what is being done.
    /// - Throws: ``MediaError``, ``RecipeError`` or ``BadgeError`` naming the file and the problem.
    public func run(_ pairs: [Pair], progress: (Double, String) -> Void = { _, _ in }) throws -> Result {
        try run(pairs.map { .pair(stillPath: $0.stillPath, moviePath: $0.moviePath) }, progress: progress)
    }

    /// Exports every Live Photo and Motion Photo, in order, and badges the stills when asked.
    public func run(_ sources: [ExportSource], progress: (Double, String) -> Void = { _, _ in }) throws -> Result {
        func exportAll(into directory: String) throws -> [ExportResult] {
            var options = options
            options.outputDirectory = directory
            var results: [ExportResult] = []
            for (index, source) in sources.enumerated() {
                let share = 1 / Double(sources.count)
                results.append(
                    try Exporter.export(source, as: format, options: options) { fraction, label in
                        progress((Double(index) + fraction) * share, label)
                    })
            }
            return results
        }
        guard let badge else { return Result(exports: try exportAll(into: options.outputDirectory), badges: nil) }
        let staging = StillBadging(specification: badge, outputDirectory: options.outputDirectory, inputs: inputs)
        let (exports, badges) = try staging.run(exportAll)
        return Result(exports: exports, badges: badges)
    }
}
