import Foundation
import GlintGraphics
import GlintLivePhoto
import GlintMedia

/// `livephoto.export`: a Live Photo written as a pair, a still, a Motion Photo, an MP4, a GIF or
/// a WebP, optionally edited first or as an effect (`Exporter`, as `glint export` runs it).
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
    }

    struct Settings: Decodable {
        var format: ExportFormat
        var stripLocation: Bool?
        var codec: String?
        var crf: Double?
        var preset: String?
        var quality: Int?
        var effect: String?
        var maxDimension: Int?
        var badge: BadgeKind?
        var badgeStyle: BadgeStyle?
        var badgeCorner: BadgeCorner?

        enum CodingKeys: String, CodingKey {
            case format = "as", stripLocation, codec, crf, preset, quality, effect, maxDimension, badge, badgeStyle, badgeCorner
        }
    }

    public let kind = JobKind.livePhotoExport
    public let requiredInputs: Set<String> = ["still", "movie"]

    public init() {}

    public func decodeParameters(_ json: Data) throws -> Parameters {
        let settings = try JobParametersDecoder.decode(Settings.self, from: json)
        var effect: Effect?
        if let name = settings.effect {
            guard let named = Effect(name: name) else {
                throw JobHandlerError.badParameters("\"effect\" must be one of \(Effect.allCases.map(\.rawValue).joined(separator: ", ")), got \"\(name)\"")
            }
            effect = named
        }
        var badge: BadgeSpecification?
        if let kind = settings.badge {
            guard settings.format == .still, effect == nil else {
                throw JobHandlerError.badParameters("\"badge\" applies to \"as\": \"still\" without an effect")
            }
            guard kind == .live || kind == .liveOff else {
                throw JobHandlerError.badParameters("\"badge\" takes live or live-off (the Live Photo badges)")
            }
            do {
                badge = try BadgeSpecification(kinds: [kind], style: settings.badgeStyle ?? .overlay, corner: settings.badgeCorner ?? .topLeft)
            } catch let error as BadgeError {
                throw JobHandlerError.badParameters("\"badge\": \(error.problem)")
            }
        }
        let parameters = Parameters(
            format: settings.format, recipe: try LivePhotoEditJobHandler.recipe(in: json), stripLocation: settings.stripLocation ?? false,
            jpegQuality: settings.quality ?? 92,
            encoding: MovieEncoding(codec: settings.codec ?? "h264", crf: settings.crf ?? 20, preset: settings.preset ?? "medium"),
            effect: effect, maxDimension: settings.maxDimension, badge: badge)
        do {
            try parameters.encoding.validate()
            try StillEncodingCheck.validate(jpegQuality: parameters.jpegQuality, heicQuality: 70)
        } catch let error as MediaError {
            throw JobHandlerError.badParameters(error.problem)
        }
        return parameters
    }

    public func run(_ parameters: Parameters, context: JobContext) async throws -> [String: URL] {
        let still = try context.input("still").path, movie = try context.input("movie").path
        var exportOptions = ExportOptions(outputDirectory: context.outputDirectory.path, recipe: parameters.recipe,
                                    stripLocation: parameters.stripLocation, jpegQuality: parameters.jpegQuality,
                                    encoding: parameters.encoding, logger: context.logger)
        if let lut = context.inputs["lut"] { exportOptions.recipe?.lut = lut.path }
        exportOptions.effect = parameters.effect
        exportOptions.effectOptions.maxDimension = parameters.maxDimension
        let options = exportOptions, format = parameters.format, badge = parameters.badge
        let files = try await context.runBlocking("glint.job.export") { progress in
            let result = try Exporter.export(stillPath: still, moviePath: movie, as: format, options: options, progress: progress)
            if let badge {
                for file in result.files where file.kind == .still {
                    let badged = try BadgeCompositor.badge(path: file.path, specification: badge)
                    try AtomicFileWriter.write(badged.bytes, to: file.path)
                }
            }
            return result.files
        }
        var outputs: [String: URL] = [:]
        for file in files {
            var name = file.kind.rawValue, index = 2
            while outputs[name] != nil {
                name = "\(file.kind.rawValue)-\(index)"
                index += 1
            }
            outputs[name] = URL(fileURLWithPath: file.path)
        }
        return outputs
    }
}
