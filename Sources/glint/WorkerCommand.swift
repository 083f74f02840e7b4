import ArgumentParser
import Foundation
import GlintCore
import GlintJobs
import GlintOptions
import GlintQueue
import Logging
import ServiceLifecycle

/// `glint worker`: runs queued jobs until SIGINT or SIGTERM, then shuts down gracefully (running
/// jobs finish within the grace period, the rest are released to the queue). Its options, and the
/// environment variables behind them, are ``WorkerOptions`` and ``StoreOptions``.
struct WorkerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "worker",
        abstract: "Run queued jobs (Live Photo edits and exports, rings, badges) until interrupted.",
        discussion: """
            Several workers, in one machine or many, may share a store and a data directory. \
            SIGINT or SIGTERM stops claiming, lets running jobs finish for --grace-seconds, then \
            gives the rest back to the queue. A worker that dies loses its leases after \
            --lease-seconds and its jobs run again elsewhere. An option not given is read from the \
            environment variable its help names, else takes its default.
            """
    )

    @OptionGroup var stores: StoreOptions

    @OptionGroup(title: "Worker options") var options: WorkerOptions

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

    func run() async throws {
        do {
            OwnerOnlyFiles.restrictUmask()
            let logger = Logger(label: "glint.worker")
            let location = try stores.location()
            try await stores.withStores(logger: logger) { store, blobs, data in
                let workerID = WorkerIdentity.make()
                let configuration = try options.configuration(workerID: workerID, workDirectory: data.workDirectory(worker: workerID))
                let inputLimits = try options.inputLimits.limits()
                let runner = try RunnerOptions.withSandbox(try options.runner.configuration())
                runner?.logStart(logger)
                let handlers = JobHandlerRegistry.glint(inputLimits: inputLimits, testKinds: options.testKinds.enableTestKinds)
                    .isolatingMedia(runner, inputLimits: inputLimits)
                let worker = JobWorker(store: store, blobs: blobs, handlers: handlers, configuration: configuration, logger: logger)
                let event = Event(
                    event: "started", worker: workerID, pid: ProcessInfo.processInfo.processIdentifier, store: location.description,
                    dataDirectory: data.path, concurrency: configuration.concurrency, queues: configuration.queues)
                announce(event)
                let group = ServiceGroup(
                    configuration: .init(
                        services: [.init(service: worker), StartupSignals.pendingStop], gracefulShutdownSignals: [.sigterm, .sigint],
                        logger: logger))
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
            CommandOutput.printError(
                "glint worker \(event.worker): \(event.event) (store \(event.store), concurrency \(event.concurrency), queues \(event.queues.joined(separator: ", ")))"
            )
        }
    }
}
