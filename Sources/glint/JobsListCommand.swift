import ArgumentParser
import Foundation
import GlintClient
import GlintQueue

/// `glint jobs list`: the newest jobs, optionally by state and kind.
struct JobsListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List jobs, newest first.")

    @Option(help: "Only jobs in this state (repeat for several): \(JobState.allCases.map(\.rawValue).joined(separator: ", ")).")
    var state: [String] = []

    @Option(help: "Only jobs of this kind (repeat for several).")
    var kind: [String] = []

    @Option(help: "Only jobs of this tenant.")
    var tenant: String?

    @Option(help: "At most this many jobs (1...1000).")
    var limit = 50

    @OptionGroup var target: JobsTargetOptions

    @Flag(help: "Print one JSON document for machines.")
    var json = false

    struct Document: Encodable {
        var jobs: [JobDocument]
        var counts: [String: Int]?
    }

    func run() async throws {
        do {
            var states = Set<JobState>()
            for name in state {
                guard let parsed = JobState(rawValue: name) else {
                    throw JobQueueError(.invalidSubmission, "--state \(name): expected one of \(JobState.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                states.insert(parsed)
            }
            let filter = JobFilter(tenant: tenant, states: states, kinds: Set(kind.map(JobKind.init(rawValue:))), limit: limit)
            let listing = try await target.withBackend { try await $0.jobs(matching: filter) }
            let document = Document(jobs: listing.jobs, counts: listing.counts)
            if json {
                CommandOutput.printJSON(document)
            } else {
                for job in document.jobs { print(job.summary) }
                if let counts = document.counts {
                    print(counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
                }
            }
        } catch {
            throw ExitCode(CommandOutput.fail(error, json: json))
        }
    }
}
