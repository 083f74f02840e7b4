import Foundation
import GlintCore
import Logging

/// One attempt of one claimed job, start to finish: stage the inputs, decode the parameters, run
/// the handler (racing it against the job's stop signal), store the outputs, and record the
/// outcome in the store (complete, fail, acknowledge cancellation or release).
struct JobExecution: Sendable {
    let store: any JobStore
    let blobs: any BlobStore
    let handlers: JobHandlerRegistry
    let configuration: JobWorkerConfiguration
    let completions: CompletionBatcher
    let metrics: JobMetrics
    let logger: Logger

    /// What the handler's run came to.
    private enum Outcome: Sendable {
        case succeeded([String: URL])
        case failed(any Error)
        case stopped(JobStopReason)
    }

    func execute(_ job: Job, stop: JobStopSignal) async {
        var logger = logger
        logger[metadataKey: "job"] = "\(job.id)"
        logger[metadataKey: "kind"] = "\(job.kind)"
        logger[metadataKey: "attempt"] = "\(job.attempt)"
        metrics.started(job)
        let started = store.clock.now()
        let folder = configuration.workDirectory.appendingPathComponent("\(job.id)-\(job.attempt)")
        defer { try? FileManager.default.removeItem(at: folder) }
        logger.debug("job started")

        var inputs: [String: URL] = [:]
        let outcome: Outcome
        do {
            let entry = try handlers.entry(for: job.kind)
            let parameters = try entry.decode(job.parameters)
            try entry.checkInputs(job.inputs.keys, kind: job.kind)
            inputs = try JobInputStaging.stage(
                job, blobs: blobs, into: folder.appendingPathComponent("inputs"),
                fileExtension: handlers.inputFileExtension)
            let output = folder.appendingPathComponent("outputs")
            try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
            let reporter = JobProgressReporter(
                store: store, jobID: job.id, worker: configuration.workerID, stop: stop,
                interval: configuration.progressInterval, logger: logger)
            let context = JobContext(job: job, inputs: inputs, outputDirectory: output, logger: logger, reporter: reporter)
            let ran = await run(entry, parameters, context, stop: stop) { reason in
                await record(.stopped(reason), of: job, inputs: [:], logger: logger)
            }
            guard !ran.recorded else {
                metrics.ran(job.kind, for: store.clock.elapsed(since: started))
                return
            }
            outcome = ran.outcome
        } catch {
            outcome = .failed(error)
        }
        await record(outcome, of: job, inputs: inputs, logger: logger)
        metrics.ran(job.kind, for: store.clock.elapsed(since: started))
    }

    /// Runs the handler until it returns or the job must stop. When the stop comes first, the
    /// store learns at once (a cancelled job shows `cancelled` without waiting for the handler);
    /// the handler is then cancelled and waited for.
    /// - Returns: The outcome, and whether `recordStop` already recorded it.
    private func run(
        _ entry: JobHandlerRegistry.Entry, _ parameters: any Sendable, _ context: JobContext,
        stop: JobStopSignal, recordStop: (JobStopReason) async -> Void
    ) async -> (outcome: Outcome, recorded: Bool) {
        await withTaskGroup(of: Outcome?.self) { group in
            group.addTask {
                do {
                    return .succeeded(try await entry.run(parameters, context))
                } catch {
                    return .failed(error)
                }
            }
            group.addTask { await stop.wait().map(Outcome.stopped) }
            var result: Outcome?
            var recorded = false
            while let next = await group.next() {
                guard let next else { continue }  // the stop waiter, cancelled
                group.cancelAll()
                guard result == nil else { continue }
                result = next
                if case .stopped(let reason) = next {
                    await recordStop(reason)
                    recorded = true
                }
            }
            switch result {
            case .failed(let error):
                // A handler that threw because it was told to stop stopped; so did one cancelled with the worker.
                if let reason = stop.reason { return (.stopped(reason), false) }
                if error is CancellationError && Task.isCancelled { return (.stopped(.shutdown), false) }
                return (.failed(error), false)
            case .some(let outcome): return (outcome, recorded)
            case nil: return (.stopped(stop.reason ?? .shutdown), false)
            }
        }
    }

    /// Tells the store how the attempt ended.
    private func record(_ outcome: Outcome, of job: Job, inputs: [String: URL], logger: Logger) async {
        let worker = configuration.workerID
        do {
            switch outcome {
            case .succeeded(let files):
                var outputs: [String: BlobID] = [:]
                for (name, file) in files {
                    outputs[name] = try await blobs.put(contentsOf: file)
                }
                if try await completions.complete(JobCompletion(id: job.id, worker: worker, outputs: outputs)) {
                    metrics.finished(job.kind, .completed)
                    logger.info("job completed", metadata: ["outputs": "\(outputs.keys.sorted())"])
                } else {
                    logger.warning("job finished but its lease was lost: outputs not recorded")
                }
            case .failed(let error):
                let problem = JobErrorClassifier.classify(error, inputs: inputs)
                let retryAt = store.clock.now().addingTimeInterval(configuration.retryPolicy.delay(afterAttempt: job.attempt))
                let failure = JobFailure(
                    id: job.id, worker: worker, code: problem.code.rawValue, message: problem.message,
                    permanent: problem.permanent, retryAt: retryAt)
                if let failed = try await store.fail(failure) {
                    metrics.finished(job.kind, failed.state)
                    logger.warning("job failed", metadata: ["code": "\(problem.code)", "error": "\(problem.message)", "state": "\(failed.state)"])
                } else {
                    logger.warning("job failed after its lease was lost", metadata: ["error": "\(problem.message)"])
                }
            case .stopped(.cancelRequested):
                if try await store.acknowledgeCancellation(job.id, worker: worker) {
                    metrics.finished(job.kind, .cancelled)
                    logger.info("job cancelled while running")
                }
            case .stopped(.leaseLost):
                logger.warning("job stopped: its lease was lost (rescued by another worker)")
            case .stopped(.shutdown):
                try await store.release([job.id], worker: worker)
                logger.info("job released at shutdown")
            }
        } catch {
            // The lease runs out and a rescuer gives the job back: nothing is lost.
            logger.error("could not record the job's outcome", metadata: ["error": "\(error)"])
        }
    }
}
