import Foundation
import GlintGraphics
import GlintLivePhoto
import GlintMedia
import GlintQueue

extension JobKind {
    /// Exports a Live Photo pair as a pair, a still, a Motion Photo, an MP4 or a GIF (GlintLivePhoto).
    public static let livePhotoExport: JobKind = "livephoto.export"
}

/// `livephoto.export`: a Live Photo written as a pair, a still, a Motion Photo, an MP4, a GIF or
/// a WebP, optionally edited first or as an effect (``LivePhotoExport``, as `glint export` runs it).
///
/// Inputs: `still`, `movie`, optional `lut`. Parameters: `as` (pair, still, motion-photo, mp4,
/// gif, webp; required), and optionally `recipe` (as for `livephoto.edit`), `stripLocation`,
/// `codec`, `crf`, `preset`, `quality`, `effect` (live, loop, bounce, longExposure),
/// `maxDimension`, and with `as: still` a Live Photo `badge` (live, live-off) with `badgeStyle`
/// (overlay, solid) and `badgeCorner` (top-left ...). Outputs are named after what each file is:
/// `still`, `movie`, `motion-photo`, `mp4`, `gif`, `webp`.
public struct LivePhotoExportJobHandler: JobHandler {
    public struct Parameters: Sendable {
        public var format: ExportFormat
        public var recipe: EditRecipe?
        public var stripLocation: Bool
        public var jpegQuality: Int
        public var encoding: MovieEncoding
        public var effect: Effect?
        public var maxDimension: Int?
        public var badge: BadgeSpecification?
        /// Nil: H.264 for a Live Photo, a Motion Photo's own for a Motion Photo.
        public var motionCodec: MotionCodec?
        /// Nil: a JPEG for a Live Photo, a Motion Photo's own for a Motion Photo.
        public var motionContainer: MotionContainer?
    }

    /// The parameters beside the recipe and the ``EncodingParameters``, as JSON spells them.
    struct Settings: Decodable {
        var format: ExportFormat
        var stripLocation: Bool?
        var effect: String?
        var maxDimension: Int?
        var badge: BadgeKind?
        var badgeStyle: BadgeStyle?
        var badgeCorner: BadgeCorner?
        var motionCodec: MotionCodec?
        var motionContainer: MotionContainer?

        enum CodingKeys: String, CodingKey {
            case format = "as"
            case stripLocation, effect, maxDimension, badge, badgeStyle, badgeCorner, motionCodec, motionContainer
        }
    }

    public let kind = JobKind.livePhotoExport
    /// Decodes the pair with libheif, libjpeg-turbo and FFmpeg, frame by frame: at idle priority.
    public let isolation = JobIsolation.runner(.idle)
    public let requiredInputs: Set<String> = ["still", "movie"]
    public let acceptedInputs: [Set<String>] = [["still", "movie"], ["motionPhoto"]]
    /// A `.cube` LUT for the recipe.
    public let optionalInputs: Set<String> = ["lut"]
    public let documentation = JobKindDocumentation(
        summary: "A Live Photo or a Motion Photo as a pair, a still, a Motion Photo, an MP4, a GIF or a WebP, edited first or as an effect.",
        inputs: "`still` and `movie`, or `motionPhoto`; optional `lut`",
        parameters:
            "`as` (\(ExportFormat.allCases.map { "`\($0.rawValue)`" }.joined(separator: ", "))), `recipe`, `effect`, `stripLocation`, `motionCodec`, `motionContainer`, encoder options, `badge`"
    )

    public init() {}

    public func decodeParameters(_ json: Data) throws -> Parameters {
        let settings = try JobParametersDecoder.decode(Settings.self, from: json)
        let encoding = try JobParametersDecoder.decode(EncodingParameters.self, from: json)
        var effect: Effect?
        if let name = settings.effect {
            guard let named = Effect(name: name) else {
                throw JobHandlerError.badParameters("\"effect\" must be one of \(Effect.allCases.map(\.rawValue).joined(separator: ", ")), got \"\(name)\"")
            }
            effect = named
        }
        let badge = try Self.badge(settings, effect: effect)
        let parameters = Parameters(
            format: settings.format, recipe: try LivePhotoEditJobHandler.recipe(in: json), stripLocation: settings.stripLocation ?? false,
            jpegQuality: encoding.jpegQuality, encoding: encoding.movieEncoding,
            effect: effect, maxDimension: settings.maxDimension, badge: badge, motionCodec: settings.motionCodec,
            motionContainer: settings.motionContainer)
        try encoding.validate()
        return parameters
    }

    /// The Live Photo badge asked for, checked as `glint export --badge` checks it; nil for none.
    static func badge(_ settings: Settings, effect: Effect?) throws -> BadgeSpecification? {
        guard let kind = settings.badge else { return nil }
        if let refusal = LivePhotoExport.badgeRefusal(kind: kind, format: settings.format, effect: effect) {
            throw JobHandlerError.badParameters(refusal.message(badge: "\"badge\"", plainStill: "\"as\": \"still\""))
        }
        do {
            return try BadgeSpecification(kinds: [kind], style: settings.badgeStyle ?? .overlay, corner: settings.badgeCorner ?? .topLeft)
        } catch let error as BadgeError {
            throw JobHandlerError.badParameters("\"badge\": \(error.problem)")
        }
    }

    public func run(_ parameters: Parameters, context: JobContext) async throws -> [String: URL] {
        let source: ExportSource
        if let motionPhoto = context.inputs["motionPhoto"] {
            source = .motionPhoto(path: motionPhoto.path)
        } else {
            source = .pair(stillPath: try context.input("still").path, moviePath: try context.input("movie").path)
        }
        var options = ExportOptions(
            outputDirectory: context.outputDirectory.path, recipe: parameters.recipe,
            stripLocation: parameters.stripLocation, jpegQuality: parameters.jpegQuality,
            encoding: parameters.encoding, logger: context.logger)
        if let lut = context.inputs["lut"] { options.recipe?.lut = lut.path }
        options.effect = parameters.effect
        options.effectOptions.maxDimension = parameters.maxDimension
        options.motionCodec = parameters.motionCodec
        options.motionContainer = parameters.motionContainer
        let export = LivePhotoExport(format: parameters.format, options: options, badge: parameters.badge, inputs: context.inputs.values.map(\.path))
        let files = try await context.runBlocking("glint.job.export") { progress in
            try export.run([source], progress: progress).exports.flatMap(\.files)
        }
        var outputs: [String: URL] = [:]
        for file in files {
            var name = file.kind.rawValue
            var index = 2
            while outputs[name] != nil {
                name = "\(file.kind.rawValue)-\(index)"
                index += 1
            }
            outputs[name] = URL(fileURLWithPath: file.path)
        }
        return outputs
    }
}
