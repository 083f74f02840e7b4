import ArgumentParser
import Foundation
import GlintClient
import GlintQueue

/// `glint jobs show ID`: everything about one job, with its errors, progress and output files.
struct JobsShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show a job: state, progress, errors, inputs and outputs (with their files).")

    @Argument(help: "The job id.")
    var id: String

    @OptionGroup var target: JobsTargetOptions

    @Flag(help: "Print one JSON document for machines.")
    var json = false

    func run() async throws {
        do {
            let id = try parseJobID(id)
            let document = try await target.withBackend { try await $0.job(id) }
            if json { CommandOutput.printJSON(document) } else { document.lines.forEach { print($0) } }
        } catch {
            throw ExitCode(CommandOutput.fail(error, json: json))
        }
    }
}
