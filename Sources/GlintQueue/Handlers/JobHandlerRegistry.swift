import Foundation

/// The handlers a worker runs jobs with, keyed by ``JobKind``.
///
/// ```swift
/// var handlers = JobHandlerRegistry.glint   // GlintJobs: every kind Glint ships
/// handlers.register(ThumbnailHandler())
/// let worker = JobWorker(store: store, blobs: blobs, handlers: handlers)
/// ```
public struct JobHandlerRegistry: Sendable {
    /// One handler with its parameter type erased.
    struct Entry: Sendable {
        /// Input sets, any one of which a job must have (``JobHandler/acceptedInputs``).
        var acceptedInputs: [Set<String>]
        /// Every input name a job may have; nil for any (``JobHandler/acceptsAnyInputName``).
        var inputNames: Set<String>?
        var documentation: JobKindDocumentation
        /// Where its jobs run (``JobHandler/isolation``).
        var isolation: JobIsolation
        var decode: @Sendable (Data) throws -> any Sendable
        var run: @Sendable (any Sendable, JobContext) async throws -> [String: URL]
    }

    var entries: [JobKind: Entry] = [:]

    /// The file name extension an input is staged with, from the file's first bytes and the
    /// input's name (`still` -> `jpg`); nil stages it without one. Handlers that pick formats from
    /// their inputs' names set this (GlintJobs sets it to `MediaInputNaming.fileExtension`).
    public var inputFileExtension: @Sendable (_ file: URL, _ name: String) -> String? = { _, _ in nil }

    /// What ``shutdown()`` does: stop what the handlers keep between jobs (warm runners).
    var shutdownActions: [@Sendable () -> Void] = []

    /// An empty registry.
    public init() {}

    /// Stops what the handlers keep between jobs; the worker calls it when it stops.
    public func shutdown() {
        for action in shutdownActions { action() }
    }

    /// Adds `handler` for its kind, replacing any handler registered for the kind before.
    public mutating func register<H: JobHandler>(_ handler: H) {
        entries[handler.kind] = Entry(
            acceptedInputs: handler.acceptedInputs,
            inputNames: handler.acceptsAnyInputName ? nil : handler.acceptedInputs.reduce(handler.optionalInputs) { $0.union($1) },
            documentation: handler.documentation,
            isolation: handler.isolation,
            decode: { json in try handler.decodeParameters(json) },
            run: { parameters, context in
                // `decode` made it, so the cast cannot fail.
                try await handler.run(parameters as! H.Parameters, context: context)
            })
    }

    /// The kinds with a handler, sorted.
    public var kinds: [JobKind] { entries.keys.sorted { $0.rawValue < $1.rawValue } }

    /// Every kind with what it takes, sorted by kind.
    public var documentation: [(kind: JobKind, documentation: JobKindDocumentation)] {
        kinds.compactMap { kind in entries[kind].map { (kind, $0.documentation) } }
    }

    /// Whether a handler is registered for `kind`.
    public func handles(_ kind: JobKind) -> Bool { entries[kind] != nil }

    /// The most inputs one job may name: a job cannot multiply its inputs (each is probed, and
    /// staged for its runner).
    public static let maxInputs = 16

    /// Checks a submission as a worker would before running it: a handler for the kind, parameters
    /// that decode, every required input named, no input name the kind does not take and at most
    /// ``maxInputs`` inputs (blobs are not looked at).
    /// - Throws: The ``JobHandlerError`` the worker would discard the job with.
    public func check(_ kind: JobKind, parameters: Data, inputs: Set<String>) throws {
        let entry = try entry(for: kind)
        _ = try entry.decode(parameters)
        try entry.checkInputs(inputs, kind: kind)
    }

    func entry(for kind: JobKind) throws(JobHandlerError) -> Entry {
        guard let entry = entries[kind] else { throw .unknownKind(kind, known: kinds) }
        return entry
    }
}

extension JobHandlerRegistry.Entry {
    /// Throws ``JobHandlerError/badParameters(_:)`` for more than ``JobHandlerRegistry/maxInputs``
    /// inputs or a name the kind does not take (naming them), and
    /// ``JobHandlerError/missingInput(_:)`` unless `inputs` hold one of the accepted sets, naming an
    /// input missing from the set that lacks the fewest.
    func checkInputs(_ inputs: some Sequence<String>, kind: JobKind) throws(JobHandlerError) {
        let given = Set(inputs)
        guard given.count <= JobHandlerRegistry.maxInputs else {
            throw .badParameters("the job names \(given.count) inputs: at most \(JobHandlerRegistry.maxInputs) are accepted")
        }
        if let inputNames, case let unknown = given.subtracting(inputNames).sorted(), !unknown.isEmpty {
            let names = unknown.prefix(5).map { "'\($0)'" }.joined(separator: ", ") + (unknown.count > 5 ? " and \(unknown.count - 5) more" : "")
            let takes = inputNames.isEmpty ? "no input" : inputNames.sorted().joined(separator: ", ")
            throw .badParameters("\(kind) takes no input named \(names) (it takes \(takes))")
        }
        let closest = acceptedInputs.min { $0.subtracting(given).count < $1.subtracting(given).count } ?? []
        guard let missing = closest.subtracting(given).sorted().first else { return }
        let needs = acceptedInputs.map { $0.sorted().joined(separator: " and ") }.joined(separator: ", or ")
        throw .missingInput("the job has no input named '\(missing)' (\(kind) needs \(needs))")
    }
}
