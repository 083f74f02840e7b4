import Foundation

/// Runs one kind of job: decodes its parameters, reads its input files and writes its output
/// files. A worker looks handlers up by ``kind`` in a ``JobHandlerRegistry``.
///
/// A handler reads inputs only through ``JobContext/input(_:)`` and writes only into
/// ``JobContext/outputDirectory``; it returns the files to keep, by name, and the worker stores
/// them as content-addressed blobs and records them when the job completes. A long handler calls
/// ``JobContext/progress(_:_:)`` now and then: that reports to the store and throws when the job
/// was cancelled or its lease lost, so the handler stops at its next progress check.
///
/// ```swift
/// struct ThumbnailHandler: JobHandler {
///     struct Parameters: Decodable, Sendable { var size: Int }
///     let kind: JobKind = "thumbnail.make"
///     let requiredInputs: Set<String> = ["image"]
///     let isolation = JobIsolation.runner(.batch)
///     let documentation = JobKindDocumentation(summary: "A thumbnail of an image.", inputs: "`image`", parameters: "`size`")
///     func run(_ parameters: Parameters, context: JobContext) async throws -> [String: URL] { ... }
/// }
/// ```
public protocol JobHandler: Sendable {
    /// What the handler's parameters decode to.
    associatedtype Parameters: Sendable

    /// The kind of job this handler runs.
    var kind: JobKind { get }

    /// Input names every job of this kind must have; a job without one is discarded at once with
    /// a `missing-input` error.
    var requiredInputs: Set<String> { get }

    /// The sets of input names a job may have, any one of which suffices (a Live Photo's `still`
    /// and `movie`, or a Motion Photo's one `motionPhoto`); ``requiredInputs`` alone by default.
    var acceptedInputs: [Set<String>] { get }

    /// Input names a job may have beyond those of ``acceptedInputs`` (a Live Photo edit's `lut`);
    /// none by default. A job naming any other input is refused (``JobHandlerRegistry/check(_:parameters:inputs:)``).
    var optionalInputs: Set<String> { get }

    /// Whether a job may name its inputs anything (a test kind whose inputs are opaque files, such
    /// as `queue.noop`); false by default: only the names of ``acceptedInputs`` and ``optionalInputs``.
    var acceptsAnyInputName: Bool { get }

    /// What the kind takes, for people: `glint jobs kinds` and the README's table print it.
    var documentation: JobKindDocumentation { get }

    /// Whether the kind's jobs run in a runner process or in the worker's own (no default: every
    /// kind decides, and one that reads uploads with a C library says ``JobIsolation/runner(_:)``).
    var isolation: JobIsolation { get }

    /// Decodes (and checks) the job's JSON parameters.
    /// - Throws: ``JobHandlerError/badParameters(_:)`` naming the field; the job is discarded at once.
    func decodeParameters(_ json: Data) throws -> Parameters

    /// Does the work.
    /// - Returns: The output files to keep, by name (each inside ``JobContext/outputDirectory``).
    /// - Throws: A ``JobHandlerError`` (permanent or not), or any other error, which is retried.
    func run(_ parameters: Parameters, context: JobContext) async throws -> [String: URL]
}

extension JobHandler {
    public var acceptedInputs: [Set<String>] { [requiredInputs] }
    public var optionalInputs: Set<String> { [] }
    public var acceptsAnyInputName: Bool { false }
}

extension JobHandler where Parameters: Decodable {
    /// Decodes with `JSONDecoder`, naming the field in any error.
    public func decodeParameters(_ json: Data) throws -> Parameters {
        try JobParametersDecoder.decode(Parameters.self, from: json)
    }
}
