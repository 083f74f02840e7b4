import Foundation
import GlintGraphics
import GlintMedia

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
    public let requiredInputs: Set<String> = []

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

    func request(_ parameters: Parameters) throws -> ActivityRingsRequest {
        ActivityRingsRequest(
            move: try RingProgress(parsing: parameters.move.text, ring: .move),
            exercise: try RingProgress(parsing: parameters.exercise.text, ring: .exercise),
            stand: try RingProgress(parsing: parameters.stand.text, ring: .stand),
            size: parameters.size ?? 512, scale: parameters.scale ?? 1, shape: parameters.shape ?? .square,
            marginFraction: parameters.margin ?? RingGeometry.defaultMarginFraction)
    }

    func outputFormat(_ parameters: Parameters) throws -> RingsOutputFormat {
        guard let text = parameters.format else { return .png }
        guard let format = RingsOutputFormat(rawValue: text.lowercased() == "jpg" ? "jpeg" : text.lowercased()) else {
            throw MediaError(.invalidArgument, "\"format\" must be png or jpeg, got \"\(text)\"")
        }
        if format == .jpeg && parameters.shape == .circle {
            throw MediaError(.invalidArgument, "JPEG has no transparency: the circle shape needs \"format\": \"png\"")
        }
        return format
    }

    public func run(_ parameters: Parameters, context: JobContext) async throws -> [String: URL] {
        let request = try request(parameters), format = try outputFormat(parameters)
        let file = context.outputFile("rings." + (format == .jpeg ? "jpg" : "png"))
        try await context.runBlocking("glint.job.rings") { _ in
            let rendered = try ActivityRingsRenderer.render(request)
            try ActivityRingsWriter.write(rendered.image, as: format, to: file.path)
        }
        return ["rings": file]
    }
}
