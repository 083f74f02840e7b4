import ArgumentParser
import Foundation
import GlintCore
import GlintOptions
import GlintQueue
import GlintServer
import Logging

/// `glint serve`: the HTTP API and (unless `--no-workers`) an embedded worker in one process, until
/// SIGINT or SIGTERM (graceful: the server stops, running jobs get their grace period). Its options,
/// and the environment variables behind them, are ``ServerOptions`` and ``StoreOptions``.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the HTTP API (/v1, /metrics, /health, /openapi.yaml) with embedded workers.",
        discussion: """
            API keys are made with `glint keys create --tenant T`; the dashboard at / signs in with one \
            (`--operator` to see every tenant). The job store is shared with \
            `glint worker` and `glint jobs`: more workers may run beside the server, and API-only \
            nodes run with --no-workers. The embedded worker takes every option of `glint worker`. \
            An option not given is read from the environment variable its help names, else takes \
            its default.
            """
    )

    @OptionGroup var stores: StoreOptions

    @OptionGroup var options: ServerOptions

    @Flag(help: "Print one JSON line when listening and one when stopped.")
    var json = false

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
            OwnerOnlyFiles.restrictUmask()
            let location = try stores.location()
            let data = stores.dataDirectory
            var configuration = try options.configuration()
            configuration.runner = try RunnerOptions.withSandbox(configuration.runner)
            let (json, host) = (json, configuration.host)
            let base = Event(
                event: "listening", url: nil, store: location.description, dataDirectory: data.path, workers: configuration.workers,
                pid: ProcessInfo.processInfo.processIdentifier)
            try await GlintService.run(configuration: configuration, location: location, dataDirectory: data, beside: [StartupSignals.pendingStop]) { port in
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
