import ArgumentParser
import Foundation
import GlintClient
import GlintQueue

/// `glint jobs retry ID`: queues a finished job again (a discarded or cancelled one gets one more attempt).
struct JobsRetryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "retry", abstract: "Queue a discarded, cancelled or completed job again, to run now.")

    @Argument(help: "The job id.")
    var id: String

    @OptionGroup var target: JobsTargetOptions

    @Flag(help: "Print one JSON document for machines.")
    var json = false

    func run() async throws {
        do {
            let id = try parseJobID(id)
            let document = try await target.withBackend { try await $0.retry(id) }
            if json { CommandOutput.printJSON(document) } else { print("\(document.id)  \(document.state)") }
        } catch {
            throw ExitCode(CommandOutput.fail(error, json: json))
        }
    }
}
