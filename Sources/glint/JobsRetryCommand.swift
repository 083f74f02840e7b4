import ArgumentParser
import Foundation
import GlintClient
import GlintQueue

/// `glint jobs retry ID`: queues a finished job again (a discarded or cancelled one gets one more attempt).
struct JobsRetryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "retry", abstract: "Queue a discarded, cancelled or completed job again, to run now.")

    @OptionGroup var job: OneJobArguments

    func run() async throws {
        try await job.run({ try await $0.retry($1) }, lines: { ["\($0.id)  \($0.state)"] })
    }
}
