import Foundation
import GlintCore
import GlintQueue
import GlintQueueTestSupport
import GlintTestSupport
import Testing

/// The worker's handling of a job's life: retries, discards, permanent errors, cancellation of a
/// running job and graceful shutdown.
@Suite("worker: retries, permanent errors, cancellation, shutdown", .suiteTimeLimit)
struct WorkerLifecycleTests {
    @Test("a noop job completes with its output stored once; two jobs with the same output share one blob")
    func noopOutputs() async throws {
        try await WorkerHarness.with { harness in
            let first = try await harness.submit(.queueNoop, #"{"output": "same bytes"}"#)
            let second = try await harness.submit(.queueNoop, #"{"output": "same bytes", "sleepMilliseconds": 10}"#)
            let (a, b) = try await harness.withWorker { _ in
                (try await harness.waitUntilFinished(first), try await harness.waitUntilFinished(second))
            }
            #expect(a.state == .completed && b.state == .completed)
            #expect(try harness.output(a, "output") == Data("same bytes".utf8))
            #expect(a.outputs["output"] == b.outputs["output"])
            #expect(a.attempt == 1 && a.errors.isEmpty)
        }
    }

    @Test("a job failing every attempt is discarded after maxAttempts, with every attempt's error")
    func discardAfterMaxAttempts() async throws {
        try await WorkerHarness.with { harness in
            let failing = try await harness.submit(.queueNoop, #"{"failTimes": 10}"#, maxAttempts: 3)
            let recovering = try await harness.submit(.queueNoop, #"{"failTimes": 2, "output": "third time"}"#, maxAttempts: 3)
            let (discarded, completed) = try await harness.withWorker { _ in
                (try await harness.waitUntilFinished(failing), try await harness.waitUntilFinished(recovering))
            }
            #expect(discarded.state == .discarded)
            #expect(discarded.attempt == 3)
            #expect(discarded.errors.map(\.attempt) == [1, 2, 3])
            #expect(discarded.errors.allSatisfy { $0.code == "noop-failure" })
            #expect(completed.state == .completed && completed.attempt == 3 && completed.errors.count == 2)
            #expect(try harness.output(completed, "output") == Data("third time".utf8))
        }
    }

    static let permanentCases: [PermanentCase] = [
        PermanentCase(kind: "image.resize", parameters: "{}", code: "unknown-kind", named: "image.resize"),
        PermanentCase(kind: "queue.noop", parameters: #"{"sleepMilliseconds": "soon"}"#, code: "bad-parameters", named: "sleepMilliseconds"),
        PermanentCase(
            kind: "queue.noop", parameters: "{}", inputs: ["image": String(repeating: "ab", count: 32)],
            code: "missing-input", named: "image"),
    ]

    @Test(
        "unknown kind, bad parameters and missing inputs are discarded on the first attempt with one error",
        arguments: WorkerLifecycleTests.permanentCases)
    func permanentFailures(_ example: PermanentCase) async throws {
        try await WorkerHarness.expectDiscardedAtOnce(example)
    }

    @Test("cancelling a running job stops it at its next progress check; it ends cancelled, not retried")
    func cancelRunningJob() async throws {
        try await WorkerHarness.with { harness in
            let id = try await harness.submit(.queueNoop, #"{"sleepMilliseconds": 600000, "output": "never"}"#)
            let job = try await harness.withWorker { _ in
                try await harness.waitFor(id) { $0.state == .running && $0.progress != nil }
                let asked = try #require(try await harness.store.cancel(id, tenant: nil))
                #expect(asked.state == .running && asked.cancelRequested)
                return try await harness.waitUntilFinished(id)
            }
            #expect(job.state == .cancelled)
            #expect(job.outputs.isEmpty)
            #expect(job.attempt == 1)
            #expect(job.workerID == nil || job.leaseExpiresAt == nil)
        }
    }

    /// Waits (on the worker's clock) without reporting progress until it is cancelled.
    struct SilentJobHandler: JobHandler {
        struct Parameters: Decodable, Sendable {}
        let kind: JobKind = "test.silent"
        let requiredInputs: Set<String> = []
        let isolation = JobIsolation.inProcess(reason: "a test's handler: it only waits")
        let documentation = JobKindDocumentation(summary: "Waits without reporting progress (tests only).", inputs: "none", parameters: "none")
        /// How long it waits.
        static let silence = Duration.seconds(600)

        func run(_ parameters: Parameters, context: JobContext) async throws -> [String: URL] {
            try await context.clock.sleep(for: Self.silence)
            return [:]
        }
    }

    @Test("a running job that reports no progress is stopped by the first heartbeat after its cancellation (the heartbeat asks), not before")
    func cancelSilentJob() async throws {
        var handlers = WorkerHarness.noopOnly
        handlers.register(SilentJobHandler())
        let clock = ManualWallClock()
        var configuration = WorkerHarness.configuration()
        // No other loop of the worker sleeps for the heartbeat's interval (a second: a third of the
        // harness's 300 s lease would be 100 s, the period before the heartbeat asked).
        configuration.rescueInterval = .seconds(7)
        let heartbeat = configuration.heartbeatInterval
        #expect(heartbeat == .seconds(1))
        try await WorkerHarness.with(handlers: handlers, clock: clock) { harness in
            let id = try await harness.submit("test.silent")
            let (job, waited) = try await harness.withWorker(configuration) { _ in
                try await harness.waitFor(id) { $0.state == .running }
                try await Waiting.within(.seconds(60), "the silent job and the heartbeat to wait on the clock") {
                    await clock.sleepers(1, sleepingFor: SilentJobHandler.silence)
                    await clock.sleepers(1, sleepingFor: heartbeat)
                }
                let asked = clock.now()
                let cancelled = try #require(try await harness.store.cancel(id, tenant: nil))
                #expect(cancelled.state == .running && cancelled.cancelRequested)
                // Half way to the heartbeat nothing asks: the job runs on. (Halves, so that the
                // clock lands exactly on the heartbeat's time.)
                clock.advance(by: heartbeat / 2)
                let running = try #require(try await harness.store.job(id, tenant: nil))
                #expect(running.state == .running, "stopped before any heartbeat asked")
                clock.advance(by: heartbeat / 2)
                return (try await harness.waitUntilFinished(id), clock.elapsed(since: asked))
            }
            #expect(job.state == .cancelled)
            #expect(waited == heartbeat, "stopped \(waited) after the cancellation")
        }
    }

    @Test("graceful shutdown past the grace period releases a running job without counting the attempt")
    func shutdownReleasesRunningJob() async throws {
        try await WorkerHarness.with { harness in
            let id = try await harness.submit(.queueNoop, #"{"sleepMilliseconds": 600000}"#)
            _ = try await harness.withWorker(WorkerHarness.configuration(grace: .milliseconds(200))) { _ in
                try await harness.waitFor(id) { $0.state == .running }
            }
            let job = try #require(try await harness.store.job(id, tenant: nil))
            #expect(job.state == .available)
            #expect(job.attempt == 0)
            #expect(job.errors.isEmpty)
            #expect(job.workerID == nil)
        }
    }

    @Test("graceful shutdown lets a job that finishes within the grace period complete")
    func shutdownWaitsForShortJob() async throws {
        try await WorkerHarness.with { harness in
            let id = try await harness.submit(.queueNoop, #"{"sleepMilliseconds": 300, "output": "finished"}"#)
            _ = try await harness.withWorker(WorkerHarness.configuration(grace: .seconds(60))) { _ in
                try await harness.waitFor(id) { $0.state == .running }
            }
            let job = try #require(try await harness.store.job(id, tenant: nil))
            #expect(job.state == .completed)
            #expect(try harness.output(job, "output") == Data("finished".utf8))
        }
    }
}
