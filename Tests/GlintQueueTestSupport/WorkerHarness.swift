import Foundation
import GlintCore
import GlintQueue
import GlintTestSupport
import Logging
import ServiceLifecycle
import Synchronization
import Testing

/// A SQLite store and a blob store in a temporary directory, and a worker run over them inside a
/// `ServiceGroup`, for the worker's tests (GlintQueueTests with the queue's own `queue.noop`
/// handler, GlintJobsTests with every kind Glint ships).
public struct WorkerHarness: Sendable {
    public let directory: TemporaryDirectory
    public let store: any JobStore
    public let blobs: FileBlobStore
    /// The handlers the harness's workers run jobs with.
    public let handlers: JobHandlerRegistry

    /// The queue's own handler alone (`queue.noop`).
    public static var noopOnly: JobHandlerRegistry {
        var registry = JobHandlerRegistry()
        registry.register(NoopJobHandler())
        return registry
    }

    /// How long the harness's workers lease a job: far longer than any test's job runs, however
    /// busy the machine, so that a live worker never loses its lease and a job never runs twice by
    /// accident. Lease expiry and rescue are tested on the stores' injected clocks
    /// (`LeaseConformanceTests`), and with killed processes in the CLI's crash tests.
    public static let lease = Duration.seconds(300)

    /// A long lease (``lease``) and short retry and progress intervals, so that retries and progress
    /// happen within a test without depending on how fast the machine is.
    public static func configuration(
        concurrency: Int = 2, grace: Duration = .seconds(5),
        retryPolicy: RetryPolicy = RetryPolicy(baseSeconds: 0.05, exponent: 1, jitter: 0)
    ) -> JobWorkerConfiguration {
        JobWorkerConfiguration(
            concurrency: concurrency, lease: lease, idleWait: .milliseconds(500), rescueInterval: .seconds(1),
            shutdownGracePeriod: grace, retryPolicy: retryPolicy, progressInterval: .milliseconds(50))
    }

    /// Runs `body` with a fresh harness; the store is closed and the directory removed afterwards.
    /// - Parameter clock: The store's clock, which its workers go by too: a ``ManualWallClock``
    ///   for a test of what happens when time passes (it then moves only when the test advances it).
    public static func with<R: Sendable>(
        handlers: JobHandlerRegistry = noopOnly, clock: any WallClock = SystemWallClock(),
        _ body: (WorkerHarness) async throws -> R
    ) async throws -> R {
        let directory = try TemporaryDirectory("glint-worker-tests")
        defer { directory.remove() }
        let blobs = try FileBlobStore(directory: directory.file("blobs"))
        return try await withJobStore(.sqlite(path: directory.file("queue.sqlite").path), clock: clock) { store in
            try await body(WorkerHarness(directory: directory, store: store, blobs: blobs, handlers: handlers))
        }
    }

    /// Queues one job with `parameters` (JSON text) and input files put into the blob store.
    public func submit(
        _ kind: JobKind, _ parameters: String = "{}", inputs: [String: URL] = [:], blobInputs: [String: BlobID] = [:],
        maxAttempts: Int = JobSubmission.defaultMaxAttempts
    ) async throws -> JobID {
        var ids = blobInputs
        for (name, file) in inputs { ids[name] = try await blobs.put(contentsOf: file) }
        let submission = JobSubmission(kind: kind, parameters: Data(parameters.utf8), inputs: ids, maxAttempts: maxAttempts)
        return try await store.submit([submission])[0].job.id
    }

    /// Runs a worker while `body` runs, then shuts it down gracefully and waits for it.
    public func withWorker<R: Sendable>(
        _ configuration: JobWorkerConfiguration = WorkerHarness.configuration(),
        _ body: (JobWorker) async throws -> R
    ) async throws -> R {
        var configuration = configuration
        configuration.workDirectory = directory.file("work")
        var logger = Logger(label: "test.worker")
        logger.logLevel = .warning
        let worker = JobWorker(store: store, blobs: blobs, handlers: handlers, configuration: configuration, logger: logger)
        let group = ServiceGroup(configuration: .init(services: [worker], logger: Logger(label: "test.group")))
        return try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            do {
                let result = try await body(worker)
                await group.triggerGracefulShutdown()
                try await tasks.waitForAll()
                return result
            } catch {
                await group.triggerGracefulShutdown()
                try? await tasks.waitForAll()
                throw error
            }
        }
    }

    /// Reads the job again after each change the store reports (``JobStore/waitForJobChange(since:timeout:)``)
    /// until `condition` holds, for 3 minutes at most (``Waiting``): a guard against hangs, not a timing.
    @discardableResult
    public func waitFor(
        _ id: JobID, sourceLocation: SourceLocation = #_sourceLocation, _ condition: @escaping @Sendable (Job) -> Bool
    ) async throws -> Job {
        try await JobChangeWaiting.waitFor(id, in: store, bound: .seconds(180), recheck: .seconds(5), sourceLocation: sourceLocation, condition)
    }

    /// Waits until the job is completed, cancelled or discarded.
    public func waitUntilFinished(_ id: JobID, sourceLocation: SourceLocation = #_sourceLocation) async throws -> Job {
        try await waitFor(id, sourceLocation: sourceLocation) { $0.state.isFinished }
    }

    /// The bytes of the job's output `name`.
    public func output(_ job: Job, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Data {
        let blob = try #require(
            job.outputs[name], "job \(job.id) has no output '\(name)' (outputs \(job.outputs.keys.sorted()))",
            sourceLocation: sourceLocation)
        return try Data(contentsOf: blobs.url(for: blob))
    }
}
