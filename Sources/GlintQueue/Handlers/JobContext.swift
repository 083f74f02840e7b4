import Foundation
import GlintCore
import Logging

/// What a handler gets for one attempt of one job: the job, its input files, a private folder for
/// its outputs, a logger, and a way to report progress that doubles as the cancellation check.
public struct JobContext: Sendable {
    /// The job as claimed (its `attempt` is this attempt's number).
    public let job: Job
    /// The job's inputs as files, by name: links to the blobs, named `<name>.<extension>` with the
    /// extension recognised from the content (`still.jpg`, `movie.mov`, `image.png`, `lut.cube`).
    public let inputs: [String: URL]
    /// An empty folder for this attempt's outputs, removed when the attempt ends.
    public let outputDirectory: URL
    /// A logger with the job's id and kind as metadata.
    public let logger: Logger
    let reporter: JobProgressReporter

    init(job: Job, inputs: [String: URL], outputDirectory: URL, logger: Logger, reporter: JobProgressReporter) {
        self.job = job
        self.inputs = inputs
        self.outputDirectory = outputDirectory
        self.logger = logger
        self.reporter = reporter
    }

    /// The input file named `name`.
    /// - Throws: ``JobHandlerError/missingInput(_:)`` when the job has no such input.
    public func input(_ name: String) throws -> URL {
        guard let url = inputs[name] else {
            throw JobHandlerError.missingInput("the job has no input named '\(name)' (inputs: \(inputs.keys.sorted().joined(separator: ", ")))")
        }
        return url
    }

    /// A path for an output file called `name` inside ``outputDirectory``.
    public func outputFile(_ name: String) -> URL {
        outputDirectory.appendingPathComponent(name)
    }

    /// Reports how far the job has got (0...1) and checks that it should go on.
    ///
    /// Reports reach the store at most every few hundred milliseconds (and always for 1); in
    /// between, only the local check is made.
    /// - Throws: `CancellationError` when cancellation was asked for, the lease was lost or the
    ///   worker is shutting down: the handler should stop (the worker records why).
    public func progress(_ fraction: Double, _ message: String? = nil) async throws {
        try await reporter.report(JobProgress(fraction: fraction, message: message))
    }

    /// The clock the worker goes by: a handler that waits (``NoopJobHandler``) waits on it.
    public var clock: any WallClock { reporter.clock }

    /// Whether the handler should stop: cancellation asked for, lease lost, or shutdown.
    public var shouldStop: Bool { reporter.stop.reason != nil || Task.isCancelled }
}
