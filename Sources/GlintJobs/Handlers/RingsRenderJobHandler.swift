import Foundation
import GlintGraphics
import GlintMedia
import GlintQueue

extension JobKind {
    /// Renders Activity Rings (GlintGraphics).
    public static let ringsRender: JobKind = "rings.render"
}

/// `rings.render`: one person's Activity Rings as a PNG or JPEG (`ActivityRingsRenderer`, as
/// `glint rings` runs it).
///
/// Parameters: `move`, `exercise`, `stand` (required; a fraction such as 0.75, or text as
/// `glint rings` takes it: "75%", "420/600"), and optionally `size` (16...8192, default 512),
/// `scale` (1, 2, 3), `shape` (square, circle), `margin`, `format` (png, jpeg). Output: `rings`.
public struct RingsRenderJobHandler: JobHandler {
    /// A ring's progress: a number or text.
    public struct ProgressValue: Decodable, Sendable {
        public var text: String

        public init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Double.self) {
                text = String(number)
            } else {
                text = try container.decode(String.self)
            }
        }
    }

    public struct Parameters: Decodable, Sendable {
        public var move: ProgressValue
        public var exercise: ProgressValue
        public var stand: ProgressValue
        public var size: Int?
        public var scale: Int?
        public var shape: RingCanvasShape?
        public var margin: Double?
        public var format: String?
    }

    public let kind = JobKind.ringsRender
    /// Renders with cairo and librsvg, and encodes with libpng or libjpeg-turbo.
    public let isolation = JobIsolation.runner(.batch)
    public let requiredInputs: Set<String> = []
    public let documentation = JobKindDocumentation(
        summary: "One person's Activity Rings as a PNG or JPEG.",
        inputs: "none", parameters: "`move`, `exercise`, `stand`, `size`, `scale`, `shape`, `margin`, `format`")

    public init() {}

    public func decodeParameters(_ json: Data) throws -> Parameters {
        let parameters = try JobParametersDecoder.decode(Parameters.self, from: json)
        do {
            _ = try request(parameters).geometry()
            _ = try outputFormat(parameters)
        } catch let error as RingsError {
            throw JobHandlerError.badParameters(error.problem)
        } catch let error as MediaError {
            throw JobHandlerError.badParameters(error.problem)
        }
        return parameters
    }

    /// The request, parsed as `glint rings` parses its flags; each setting left out is the default.
    func request(_ parameters: Parameters) throws -> ActivityRingsRequest {
        try ActivityRingsRequest(
            parsingMove: parameters.move.text, exercise: parameters.exercise.text, stand: parameters.stand.text,
            size: parameters.size ?? ActivityRingsRequest.defaultSize, scale: parameters.scale ?? 1, shape: parameters.shape ?? .square,
            marginFraction: parameters.margin ?? RingGeometry.defaultMarginFraction)
    }

    /// The format asked for (png by default), checked against the canvas shape.
    func outputFormat(_ parameters: Parameters) throws -> RingsOutputFormat {
        guard let text = parameters.format else { return .png }
        guard let format = RingsOutputFormat(name: text) else {
            throw MediaError(.invalidArgument, "\"format\" must be png or jpeg, got \"\(text)\"")
        }
        if !format.canHold(parameters.shape ?? .square) {
            throw MediaError(.invalidArgument, "JPEG has no transparency: the circle shape needs \"format\": \"png\"")
        }
        return format
    }

    public func run(_ parameters: Parameters, context: JobContext) async throws -> [String: URL] {
        let request = try request(parameters)
        let format = try outputFormat(parameters)
        let file = context.outputFile("rings." + (format == .jpeg ? "jpg" : "png"))
        let rings = try ActivityRingsFile(request: request, format: format, path: file.path)
        try await context.runBlocking("glint.job.rings") { _ in
            _ = try rings.write()
        }
        return ["rings": file]
    }
}
