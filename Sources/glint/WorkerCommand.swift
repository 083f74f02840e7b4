import ArgumentParser
import Foundation
import GlintQueue
import Logging
import ServiceLifecycle

/// `glint worker`: runs queued jobs until SIGINT or SIGTERM, then shuts down gracefully (running
/// jobs finish within the grace period, the rest are released to the queue).
struct WorkerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "worker",
        abstract: "Run queued jobs (Live Photo edits and exports, rings, badges) until interrupted.",
        discussion: """
            Several workers, in one machine or many, may share a store and a data directory. \
            SIGINT or SIGTERM stops claiming, lets running jobs finish for --grace-seconds, then \
            gives the rest back to the queue. A worker that dies loses its leases after \
            --lease-seconds and its jobs run again elsewhere.
            """
    )

    @OptionGroup var stores: JobsStoreOptions

    @Option(help: "How many jobs run at once.")
    var concurrency = 2

    @Option(name: .customLong("queue"), help: "A queue to claim from (repeat for several).")
    var queues: [String] = [JobSubmission.defaultQueue]

    @Option(help: "Lease length in seconds: a job of a dead worker runs again after it.")
    var leaseSeconds = 30.0

    @Option(help: "On shutdown, how long running jobs may take to finish before they are released.")
    var graceSeconds = 30.0

    @Option(help: "Finished jobs are pruned after this many days.")
    var retentionDays = 7.0

    @Flag(help: "Print one JSON line when the worker starts and one when it stops.")
    var json = false

    struct Event: Encodable {
        var event: String
        var worker: String
        var pid: Int32
        var store: String
        var dataDirectory: String
        var concurrency: Int
        var queues: [String]
    }

    func validate() throws {
        guard concurrency >= 1 else { throw ValidationError("--concurrency must be at least 1") }
        guard leaseSeconds >= 0.5 else { throw ValidationError("--lease-seconds must be at least 0.5") }
        guard graceSeconds >= 0 else { throw ValidationError("--grace-seconds must not be negative") }
    }

    func run() async throws {
        do {
            let logger = Logger(label: "glint.worker")
            let location = try stores.location()
            let lease = Duration.milliseconds(Int64(leaseSeconds * 1000))
            try await stores.withStores(logger: logger) { store, blobs, data in
                let workerID = WorkerIdentity.make()
                let configuration = JobWorkerConfiguration(
                    workerID: workerID, queues: queues, concurrency: concurrency, lease: lease,
                    rescueInterval: min(Duration.seconds(5), lease / 2), retention: .seconds(retentionDays * 86400),
                    shutdownGracePeriod: .milliseconds(Int64(graceSeconds * 1000)), workDirectory: data.workDirectory(worker: workerID))
                let worker = JobWorker(store: store, blobs: blobs, configuration: configuration, logger: logger)
                let event = Event(event: "started", worker: workerID, pid: ProcessInfo.processInfo.processIdentifier, store: location.description,
                                  dataDirectory: data.path, concurrency: concurrency, queues: queues)
                announce(event)
                let group = ServiceGroup(configuration: .init(services: [worker], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
                try await group.run()
                var stopped = event
                stopped.event = "stopped"
                announce(stopped)
            }
        } catch {
            throw ExitCode(CommandOutput.fail(error, json: json))
        }
    }

    private func announce(_ event: Event) {
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            // Written straight to the descriptor: a line-buffered print could sit unseen in a pipe.
            if let data = try? encoder.encode(event) { FileHandle.standardOutput.write(data + Data("\n".utf8)) }
        } else {
            CommandOutput.printError("glint worker \(event.worker): \(event.event) (store \(event.store), concurrency \(event.concurrency), queues \(event.queues.joined(separator: ", ")))")
        }
    }
}
