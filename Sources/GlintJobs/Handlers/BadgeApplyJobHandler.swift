import Foundation
import GlintGraphics
import GlintMedia
import GlintQueue

extension JobKind {
    /// Overlays a badge on a photo (GlintGraphics).
    public static let badgeApply: JobKind = "badge.apply"
}

/// `badge.apply`: AR or Live Photo badges on a photo (`BadgeCompositor`, as `glint badge` runs
/// it); the output keeps the input's format and metadata.
///
/// Input: `image` (JPEG, HEIC or PNG). Parameters: `kind` (ar, ar-glyph, live, live-off; or a
/// list of them, stacked from the corner; required), optionally `style` (overlay, solid) and
/// `corner` (top-left, top-right, bottom-left, bottom-right). Output: `image`.
public struct BadgeApplyJobHandler: JobHandler {
    public struct Parameters: Sendable {
        public var specification: BadgeSpecification
    }

    struct Settings: Decodable {
        var kinds: [BadgeKind]
        var style: BadgeStyle?
        var corner: BadgeCorner?

        enum CodingKeys: String, CodingKey { case kind, style, corner }

        init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            if let list = try? container.decode([BadgeKind].self, forKey: .kind) {
                kinds = list
            } else {
                kinds = [try container.decode(BadgeKind.self, forKey: .kind)]
            }
            style = try container.decodeIfPresent(BadgeStyle.self, forKey: .style)
            corner = try container.decodeIfPresent(BadgeCorner.self, forKey: .corner)
        }
    }

    public let kind = JobKind.badgeApply
    /// Decodes the still with libjpeg-turbo, libheif or libpng, and the badge with librsvg.
    public let isolation = JobIsolation.runner(.batch)
    public let requiredInputs: Set<String> = ["image"]
    public let documentation = JobKindDocumentation(
        summary: "AR or Live Photo badges on a photo, in its own format with its metadata.",
        inputs: "`image`", parameters: "`kind` (ar, ar-glyph, live, live-off, or a list), `style`, `corner`")

    public init() {}

    public func decodeParameters(_ json: Data) throws -> Parameters {
        let settings = try JobParametersDecoder.decode(Settings.self, from: json)
        do {
            return Parameters(
                specification: try BadgeSpecification(
                    kinds: settings.kinds, style: settings.style ?? .overlay,
                    corner: settings.corner ?? .topLeft))
        } catch let error as BadgeError {
            throw JobHandlerError.badParameters(error.problem)
        }
    }

    public func run(_ parameters: Parameters, context: JobContext) async throws -> [String: URL] {
        let image = try context.input("image")
        let file = context.outputFile("image" + (image.pathExtension.isEmpty ? "" : "." + image.pathExtension))
        let specification = parameters.specification
        try await context.runBlocking("glint.job.badge") { _ in
            let badged = try BadgeCompositor.badge(path: image.path, specification: specification)
            try AtomicFileWriter.write(badged.bytes, to: file.path)
        }
        return ["image": file]
    }
}
