import ArgumentParser
import Foundation
import GlintQueue
import GlintServer
import Logging

/// `glint serve`: the HTTP API and (unless `--no-workers`) embedded workers in one process, until
/// SIGINT or SIGTERM (graceful: the server stops, running jobs get their grace period).
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the HTTP API (/v1, /metrics, /health, /openapi.yaml) with embedded workers.",
        discussion: """
            API keys are made with `glint keys create --tenant T`. The job store is shared with \
            `glint worker` and `glint jobs`: more workers may run beside the server, and API-only \
            nodes run with --no-workers.
            """
    )

    @OptionGroup var stores: JobsStoreOptions

    @Option(help: "The port to listen on (0: any free port, printed when listening).")
    var port = 8080

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "How many jobs the embedded worker runs at once.")
    var workers = 2

    @Flag(help: "Run no worker in this process (an API-only node).")
    var noWorkers = false

    @Option(help: "The largest upload accepted, in bytes.")
    var maxUploadBytes: Int64 = 512 << 20

    @Flag(help: "Print one JSON line when listening and one when stopped.")
    var json = false

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be in 0...65535") }
        guard workers >= 1 else { throw ValidationError("--workers must be at least 1 (use --no-workers for none)") }
        guard maxUploadBytes >= 1 else { throw ValidationError("--max-upload-bytes must be at least 1") }
    }

    struct Event: Encodable {
        var event: String
        var url: String?
        var store: String
        var dataDirectory: String
        var workers: Int
        var pid: Int32
    }

    func run() async throws {
        do {
            let location = try stores.location()
            let data = stores.dataDirectory
            let configuration = GlintServerConfiguration(host: host, port: port, maxUploadBytes: maxUploadBytes, workers: noWorkers ? 0 : workers)
            let (json, host) = (json, host)
            let workerCount = configuration.workers
            let base = Event(event: "listening", url: nil, store: location.description, dataDirectory: data.path, workers: workerCount,
                             pid: ProcessInfo.processInfo.processIdentifier)
            try await GlintService.run(configuration: configuration, location: location, dataDirectory: data) { port in
                var event = base
                event.url = "http://\(host):\(port)"
                Self.announce(event, json: json)
            }
            var stopped = base
            stopped.event = "stopped"
            Self.announce(stopped, json: json)
        } catch {
            throw ExitCode(CommandOutput.fail(error, json: json))
        }
    }

    static func announce(_ event: Event, json: Bool) {
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            if let data = try? encoder.encode(event) { FileHandle.standardOutput.write(data + Data("\n".utf8)) }
        } else if let url = event.url, event.event == "listening" {
            CommandOutput.printError("glint serve: listening on \(url) (store \(event.store), \(event.workers) worker slot(s)); docs at \(url)/openapi.yaml")
        } else {
            CommandOutput.printError("glint serve: \(event.event)")
        }
    }
}
