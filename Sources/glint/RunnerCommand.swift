import ArgumentParser
import GlintJobs
import GlintOptions
import GlintQueue

/// `glint runner`: runs one job for a worker in a process of its own (hidden; the worker starts
/// it). It applies the limits on its command line, reads the job from standard input, and writes
/// progress and the result as JSON lines to standard output (``JobRunnerChild``).
struct RunnerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "runner",
        abstract: "Run one job for a worker, in a process of its own (started by glint worker and glint serve).",
        shouldDisplay: false
    )

    /// The worker's input limits, which the media kinds check again here.
    @OptionGroup var inputLimits: InputLimitOptions

    @Argument(parsing: .allUnrecognized, help: "The limits, as the worker passes them.")
    var limits: [String] = []

    func run() async throws {
        let registry = JobHandlerRegistry.glint(inputLimits: try inputLimits.limits())
        let status = await JobRunnerChild.run(registry: registry, arguments: limits)
        if status != 0 { throw ExitCode(status) }
    }
}
