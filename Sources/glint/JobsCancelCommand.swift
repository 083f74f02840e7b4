import ArgumentParser
import Foundation
import GlintClient
import GlintQueue

/// `glint jobs cancel ID`: a queued job is cancelled at once; a running one stops at its next
/// progress check.
struct JobsCancelCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "cancel", abstract: "Cancel a job (a running one stops at its next progress check).")

    @Argument(help: "The job id.")
    var id: String

    @OptionGroup var target: JobsTargetOptions

    @Flag(help: "Print one JSON document for machines.")
    var json = false

    func run() async throws {
        do {
            let id = try parseJobID(id)
            let document = try await target.withBackend { try await $0.cancel(id) }
            if json {
                CommandOutput.printJSON(document)
            } else {
                print("\(document.id)  \(document.state)" + (document.cancelRequested && document.state == "running" ? " (cancellation requested: stops at its next progress check)" : ""))
            }
        } catch {
            throw ExitCode(CommandOutput.fail(error, json: json))
        }
    }
}
