import ArgumentParser
import Foundation
import GlintClient
import GlintQueue

/// `glint jobs cancel ID`: a queued job is cancelled at once; a running one stops at its next
/// progress check.
struct JobsCancelCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "cancel", abstract: "Cancel a job (a running one stops at its next progress check).")

    @OptionGroup var job: OneJobArguments

    func run() async throws {
        try await job.run(
            { try await $0.cancel($1) },
            lines: { document in
                let note = document.cancelRequested && document.state == "running" ? " (cancellation requested: stops at its next progress check)" : ""
                return ["\(document.id)  \(document.state)" + note]
            })
    }
}
