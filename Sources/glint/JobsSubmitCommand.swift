import ArgumentParser
import Foundation
import GlintClient
import GlintJobs
import GlintLivePhoto
import GlintOptions
import GlintQueue

/// `glint jobs submit KIND --params JSON --input NAME=PATH...`: puts the input files into the blob
/// store and queues the job.
struct JobsSubmitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "submit",
        abstract: "Queue a job: its inputs go into the blob store; prints the job id.",
        discussion: """
            Kinds: \(JobHandlerRegistry.glint.kinds.map(\.rawValue).joined(separator: ", ")). For example \
            livephoto.edit takes inputs still, movie, optional lut and params {"recipe": {...}}; \
            livephoto.export inputs still, movie and params {"as": FORMAT, ...}, FORMAT one of \
            \(ExportFormat.allCases.map(\.rawValue).joined(separator: ", ")); rings.render params \
            {"move": 0.5, "exercise": "75%", "stand": "6/12"}; badge.apply input image and params \
            {"kind": "live"}; queue.noop params sleepMilliseconds, failTimes, output. \
            The parameters are checked before anything is queued; with the local store, so are the \
            inputs' sizes (--max-pixels, --max-motion-seconds; a server applies its own).
            """
    )

    @Argument(help: "The job kind, e.g. livephoto.edit.")
    var kind: String

    @Option(help: "The parameters: a JSON object, or @FILE holding one.")
    var params = "{}"

    @Option(name: .customLong("input"), help: "An input file, NAME=PATH (repeat for several).")
    var inputs: [String] = []

    @Option(help: "Higher runs first (-1000...1000).")
    var priority = 0

    @Option(help: "The queue to put it in.")
    var queue = JobSubmission.defaultQueue

    @Option(help: "Who it is for (claims are fair between tenants; default \"default\"). A server takes it from the API key.")
    var tenant: String?

    @Option(help: "A key that makes resubmitting return the same job.")
    var idempotencyKey: String?

    @Option(help: "Attempts before the job is discarded.")
    var maxAttempts = JobSubmission.defaultMaxAttempts

    @OptionGroup var target: JobsTargetOptions

    @OptionGroup(title: "Input limits (local store)") var inputLimits: InputLimitOptions

    @Flag(help: "Print one JSON document for machines.")
    var json = false

    struct Document: Encodable {
        var created: Bool
        var job: JobDocument
    }

    func run() async throws {
        do {
            let parameters = try loadParameters()
            let named = try parseInputs()
            try check(JobKind(rawValue: kind), parameters: parameters, inputs: Set(named.keys))
            let request = JobsSubmitRequest(
                kind: JobKind(rawValue: kind), parameters: parameters, inputs: named.mapValues { URL(fileURLWithPath: $0) },
                queue: queue, tenant: tenant, priority: priority, maxAttempts: maxAttempts, idempotencyKey: idempotencyKey
            )
            let limits = try inputLimits.limits()
            let (outcome, document) = try await target.withBackend { backend in
                // A server checks the inputs against its own limits; the local store's worker has these.
                if backend is LocalJobsBackend { try limits.check(inputs: request.inputs) }
                return try await backend.submit(request)
            }
            if json {
                CommandOutput.printJSON(Document(created: outcome, job: document))
            } else {
                print(document.id)
                if !outcome { CommandOutput.printError("glint: idempotency key \(idempotencyKey ?? ""): an existing job (\(document.state)) was returned") }
            }
        } catch {
            throw ExitCode(CommandOutput.fail(error, json: json))
        }
    }

    private func loadParameters() throws -> Data {
        if params.hasPrefix("@") {
            let path = String(params.dropFirst())
            guard let data = FileManager.default.contents(atPath: path) else {
                throw JobQueueError(.invalidSubmission, "--params \(path): file not found")
            }
            return data
        }
        return Data(params.utf8)
    }

    private func parseInputs() throws -> [String: String] {
        var named: [String: String] = [:]
        for input in inputs {
            guard let equals = input.firstIndex(of: "="), equals != input.startIndex, input.index(after: equals) != input.endIndex else {
                throw JobQueueError(.invalidSubmission, "--input \(input): expected NAME=PATH")
            }
            let name = String(input[..<equals])
            let path = String(input[input.index(after: equals)...])
            guard named[name] == nil else { throw JobQueueError(.invalidSubmission, "--input \(name) is given twice") }
            guard FileManager.default.isReadableFile(atPath: path) else {
                throw JobQueueError(.invalidSubmission, "--input \(name): \(path): file not found or not readable")
            }
            named[name] = path
        }
        return named
    }

    /// Refuses what a worker would discard at once: an unknown kind, parameters that do not
    /// decode, a missing input.
    private func check(_ kind: JobKind, parameters: Data, inputs: Set<String>) throws {
        do {
            try JobHandlerRegistry.glint.check(kind, parameters: parameters, inputs: inputs)
        } catch let error as JobHandlerError {
            throw JobQueueError(.invalidSubmission, "\(kind): \(error.message)")
        }
    }
}
