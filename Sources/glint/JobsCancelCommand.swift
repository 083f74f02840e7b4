import ArgumentParser
import Foundation
import GlintQueue

/// `glint jobs cancel ID`: a queued job is cancelled at once; a running one stops at its next
/// progress check.
struct JobsCancelCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "cancel", abstract: "Cancel a job (a running one stops at its next progress check).")

    @Argument(help: "The job id.")
    var id: String

    @OptionGroup var stores: JobsStoreOptions

    @Flag(help: "Print one JSON document for machines.")
    var json = false

    func run() async throws {
        do {
            let document = try await stores.document(forJob: id) { store, id in try await store.cancel(id, tenant: nil) }
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
