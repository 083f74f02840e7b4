import ArgumentParser
import Foundation
import GlintClient
import GlintQueue

/// `glint jobs show ID`: everything about one job, with its errors, progress and output files.
struct JobsShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show a job: state, progress, errors, inputs and outputs (with their files).")

    @OptionGroup var job: OneJobArguments

    func run() async throws {
        try await job.run({ try await $0.job($1) }, lines: { $0.lines })
    }
}
