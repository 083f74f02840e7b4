import Foundation
import GlintCore

extension JobKind {
    /// Does nothing but wait, fail on purpose and write a text: for tests, crash tests and
    /// benchmarks of the queue itself (`NoopJobHandler`).
    public static let queueNoop: JobKind = "queue.noop"
}

/// `queue.noop`: sleeps (reporting progress, so it can be cancelled while it runs), fails its
/// first attempts on purpose when asked, and writes a text as its output.
///
/// Parameters: `sleepMilliseconds` (0...3,600,000, default 0), `failTimes` (the first n attempts
/// fail with a retryable `noop-failure`, default 0), `output` (a text stored as the output
/// `output`; no output when absent).
public struct NoopJobHandler: JobHandler {
    public struct Parameters: Decodable, Sendable {
        public var sleepMilliseconds: Int?
        public var failTimes: Int?
        public var output: String?
    }

    public let kind = JobKind.queueNoop
    public let isolation = JobIsolation.inProcess(reason: "reads no input: it sleeps and writes back the text of its parameters")
    public let requiredInputs: Set<String> = []
    /// A test kind: its inputs are opaque files under any names (at most `JobHandlerRegistry.maxInputs`).
    public let acceptsAnyInputName = true
    public let documentation = JobKindDocumentation(
        summary: "Waits, fails on purpose and writes a text: for tests and benchmarks of the queue.",
        inputs: "none", parameters: "`sleepMilliseconds`, `failTimes`, `output` (for tests and benchmarks)")

    public init() {}

    public func decodeParameters(_ json: Data) throws -> Parameters {
        let parameters = try JobParametersDecoder.decode(Parameters.self, from: json)
        if let sleep = parameters.sleepMilliseconds, !(0...3_600_000).contains(sleep) {
            throw JobHandlerError.badParameters("\"sleepMilliseconds\" must be in 0...3600000, got \(sleep)")
        }
        if let failTimes = parameters.failTimes, failTimes < 0 {
            throw JobHandlerError.badParameters("\"failTimes\" must not be negative, got \(failTimes)")
        }
        return parameters
    }

    public func run(_ parameters: Parameters, context: JobContext) async throws -> [String: URL] {
        let total = parameters.sleepMilliseconds ?? 0
        var slept = 0
        while slept < total {
            let step = min(50, total - slept)
            try await context.clock.sleep(for: .milliseconds(step))
            slept += step
            try await context.progress(Double(slept) / Double(total), "slept \(slept) of \(total) ms")
        }
        if context.job.attempt <= parameters.failTimes ?? 0 {
            throw JobHandlerError(
                code: "noop-failure",
                message: "attempt \(context.job.attempt) fails on purpose (failTimes \(parameters.failTimes ?? 0))",
                permanent: false)
        }
        guard let text = parameters.output else { return [:] }
        let file = context.outputFile("output.txt")
        try AtomicFileWriter.write(Array(text.utf8), to: file.path)
        return ["output": file]
    }
}
