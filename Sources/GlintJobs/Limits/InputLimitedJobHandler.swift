import Foundation
import GlintQueue

/// A handler that checks its job's inputs against ``InputLimits`` before running the handler it
/// wraps, so that a worker refuses (as a permanent `input-too-large` failure) a job submitted to
/// its store directly, past the API's check. Only headers are read (``InputLimits/check(inputs:)``).
struct InputLimitedJobHandler<Handler: JobHandler>: JobHandler {
    typealias Parameters = Handler.Parameters

    let handler: Handler
    let limits: InputLimits

    var kind: JobKind { handler.kind }
    var requiredInputs: Set<String> { handler.requiredInputs }
    var acceptedInputs: [Set<String>] { handler.acceptedInputs }
    var optionalInputs: Set<String> { handler.optionalInputs }
    var acceptsAnyInputName: Bool { handler.acceptsAnyInputName }
    var documentation: JobKindDocumentation { handler.documentation }
    var isolation: JobIsolation { handler.isolation }

    func decodeParameters(_ json: Data) throws -> Parameters {
        try handler.decodeParameters(json)
    }

    func run(_ parameters: Parameters, context: JobContext) async throws -> [String: URL] {
        let (limits, inputs) = (limits, context.inputs)
        try await context.runBlocking("input limits") { _ in try limits.check(inputs: inputs) }
        return try await handler.run(parameters, context: context)
    }
}

extension JobHandlerRegistry {
    /// Adds `handler`, refusing jobs whose inputs are over `limits` before it runs; as it is when
    /// `limits` is nil.
    mutating func register<H: JobHandler>(_ handler: H, limitingInputsTo limits: InputLimits?) {
        if let limits {
            register(InputLimitedJobHandler(handler: handler, limits: limits))
        } else {
            register(handler)
        }
    }
}
