import Foundation
import GlintCore
import Logging
import ServiceLifecycle
import Synchronization

/// Runs queued jobs: a ServiceLifecycle `Service` that claims jobs from a ``JobStore`` in batches
/// up to its free slots and runs them through a ``JobHandlerRegistry``.
///
/// While it runs it also heartbeats its jobs' leases (every second, or every third of a shorter
/// lease; a job whose lease was lost, or whose cancellation was asked for, is stopped), rescues jobs whose lease expired
/// (a worker that died), and prunes finished jobs past the retention. On graceful shutdown it
/// stops claiming, lets running jobs finish within the grace period, then stops and releases the
/// rest (their attempt is not counted). Cancelling its task does the same without the grace.
///
/// ```swift
/// let worker = JobWorker(store: store, blobs: blobs, configuration: .init(concurrency: 4), logger: logger)
/// let group = ServiceGroup(configuration: .init(services: [worker], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
/// try await group.run()
/// ```
public final class JobWorker: Service {
    public let store: any JobStore
    public let blobs: any BlobStore
    public let handlers: JobHandlerRegistry
    public let configuration: JobWorkerConfiguration
    private let logger: Logger
    private let running = RunningJobs()
    private let wakeup = WorkerWakeup()
    private let stopping = Mutex(false)
    private let metrics: JobMetrics

    /// - Parameters:
    ///   - store: Where the jobs are.
    ///   - blobs: Where inputs are read and outputs written.
    ///   - handlers: The kinds this worker runs; a job of another kind is discarded (`unknown-kind`).
    ///   - configuration: Concurrency, queues, lease, intervals, retention.
    ///   - logger: Where the worker logs (job id, kind and attempt as metadata).
    public init(
        store: any JobStore, blobs: any BlobStore, handlers: JobHandlerRegistry,
        configuration: JobWorkerConfiguration = JobWorkerConfiguration(), logger: Logger = Logger(label: "glint.worker")
    ) {
        self.store = store
        self.blobs = blobs
        self.handlers = handlers
        self.configuration = configuration
        var logger = logger
        logger[metadataKey: "worker"] = "\(configuration.workerID)"
        self.logger = logger
        metrics = JobMetrics(worker: configuration.workerID)
    }

    /// Starts graceful shutdown without a `ServiceGroup`: the same as its graceful shutdown signal.
    public func triggerGracefulShutdown() {
        stopping.withLock { $0 = true }
        wakeup.signal()
    }

    public func run() async throws {
        logger.info(
            "worker started",
            metadata: [
                "queues": "\(configuration.queues)", "concurrency": "\(configuration.concurrency)", "lease": "\(configuration.lease)",
            ])
        let swept = WorkerIdentity.removeWorkFoldersOfGoneWorkers(in: configuration.workDirectory.deletingLastPathComponent())
        if swept > 0 { logger.info("removed the work folders of workers that were killed", metadata: ["count": "\(swept)"]) }
        try OwnerOnlyFiles.createDirectory(at: configuration.workDirectory)
        defer {
            handlers.shutdown()
            try? FileManager.default.removeItem(at: configuration.workDirectory)
        }
        let execution = JobExecution(
            store: store, blobs: blobs, handlers: handlers, configuration: configuration,
            completions: CompletionBatcher(store: store), metrics: metrics, logger: logger)
        await withDiscardingTaskGroup { group in
            group.addTask { await self.heartbeatLoop() }
            group.addTask { await self.rescueLoop() }
            group.addTask { await self.retentionLoop() }
            await withGracefulShutdownHandler {
                await claimLoop(execution, &group)
            } onGracefulShutdown: {
                self.triggerGracefulShutdown()
            }
            await drain()
            group.cancelAll()
        }
        logger.info("worker stopped")
    }

    private var isStopping: Bool { stopping.withLock { $0 } || Task.isCancelled }

    /// The store's clock, which every wait of the worker goes by: heartbeats, rescue, pruning,
    /// the grace period, the pause after a failed claim.
    private var clock: any WallClock { store.clock }

    /// Claims as many jobs as there are free slots and starts each in the group, until shutdown.
    private func claimLoop(_ execution: JobExecution, _ group: inout DiscardingTaskGroup) async {
        let queues = configuration.queues
        while !isStopping {
            let free = configuration.concurrency - running.count
            guard free > 0 else {
                await wakeup.wait()
                continue
            }
            let jobs: [Job]
            do {
                jobs = try await store.claim(
                    ClaimRequest(
                        worker: configuration.workerID, queues: queues, limit: free,
                        lease: configuration.lease))
            } catch {
                if isStopping { break }
                logger.error("claim failed", metadata: ["error": "\(error)"])
                await wakeup.wait(timeout: .seconds(1), on: clock)
                continue
            }
            if jobs.isEmpty {
                await waitForJobs()
                continue
            }
            for job in jobs {
                let stop = running.insert(job.id)
                metrics.running(running.count)
                group.addTask {
                    await execution.execute(job, stop: stop)
                    self.running.remove(job.id)
                    self.metrics.running(self.running.count)
                    self.wakeup.signal()
                }
            }
        }
    }

    /// Waits for the store to say jobs may be there, for `idleWait` at most, or for shutdown.
    private func waitForJobs() async {
        let (store, queues, timeout, clock) = (store, configuration.queues, configuration.idleWait, clock)
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                do {
                    try await store.waitForJobs(in: queues, timeout: timeout)
                } catch {
                    await clock.pause(for: .milliseconds(200))
                }
            }
            group.addTask { await self.wakeup.wait() }
            await group.next()
            group.cancelAll()
        }
    }

    /// After claiming stopped: running jobs get the grace period, then are stopped and released.
    private func drain() async {
        guard running.count > 0 else { return }
        logger.info("shutting down: waiting for running jobs", metadata: ["running": "\(running.count)"])
        let deadline = clock.deadline(after: configuration.shutdownGracePeriod)
        while running.count > 0, clock.now() < deadline, !Task.isCancelled {
            await wakeup.wait(timeout: clock.remaining(until: deadline), on: clock)
        }
        guard running.count > 0 else { return }
        logger.info("grace period over: releasing running jobs", metadata: ["running": "\(running.count)"])
        running.stopAll(.shutdown)
        // Each job is released as soon as it is told to stop; its handler is then cancelled, and
        // blocking library work is waited for (heartbeats go on meanwhile).
        while running.count > 0 {
            await wakeup.wait(timeout: .milliseconds(100), on: clock)
        }
    }

    /// Extends the leases of the running jobs every heartbeat interval (a second, or a third of a
    /// shorter lease); stops those the store says are cancelled or lost.
    private func heartbeatLoop() async {
        while !Task.isCancelled {
            do {
                try await clock.sleep(for: configuration.heartbeatInterval)
            } catch {
                return
            }
            let ids = running.ids
            guard !ids.isEmpty else { continue }
            do {
                let statuses = try await store.heartbeat(ids, worker: configuration.workerID, lease: configuration.lease)
                for id in ids {
                    switch statuses[id] ?? .lost {
                    case .held: break
                    case .cancelRequested: running.stop(id, .cancelRequested)
                    case .lost: running.stop(id, .leaseLost)
                    }
                }
            } catch {
                logger.warning("heartbeat failed", metadata: ["error": "\(error)"])
            }
        }
    }

    /// Gives jobs whose lease ran out back to the queue.
    private func rescueLoop() async {
        while !Task.isCancelled {
            do {
                let rescued = try await store.rescueExpiredLeases()
                if rescued > 0 { logger.notice("rescued jobs whose lease expired", metadata: ["count": "\(rescued)"]) }
                try await clock.sleep(for: configuration.rescueInterval)
            } catch is CancellationError {
                return
            } catch {
                logger.warning("rescue failed", metadata: ["error": "\(error)"])
                await clock.pause(for: configuration.rescueInterval)
            }
        }
    }

    /// Deletes finished jobs older than the retention, at start and then every prune interval.
    private func retentionLoop() async {
        while !Task.isCancelled {
            do {
                let cutoff = clock.now().addingTimeInterval(-configuration.retention.seconds)
                let pruned = try await store.prune(finishedBefore: cutoff)
                if pruned > 0 { logger.info("pruned finished jobs", metadata: ["count": "\(pruned)"]) }
                try await clock.sleep(for: configuration.pruneInterval)
            } catch is CancellationError {
                return
            } catch {
                logger.warning("prune failed", metadata: ["error": "\(error)"])
                await clock.pause(for: configuration.pruneInterval)
            }
        }
    }
}
