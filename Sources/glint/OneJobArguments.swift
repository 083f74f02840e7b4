import ArgumentParser
import GlintClient
import GlintQueue

/// The arguments of a command about one job (`show`, `cancel`, `retry`): its id, where the jobs
/// are, and `--json`; and the one way such a command runs and reports.
struct OneJobArguments: ParsableArguments {
    @Argument(help: "The job id.")
    var id: String

    @OptionGroup var target: JobsTargetOptions

    @Flag(help: "Print one JSON document for machines.")
    var json = false

    /// Runs `operation` on the job, then prints the job it returns: the document with `--json`,
    /// else `lines`; an error is reported as every command reports one.
    func run(_ operation: (any JobsBackend, JobID) async throws -> JobDocument, lines: (JobDocument) -> [String]) async throws {
        do {
            let id = try parseJobID(id)
            let document = try await target.withBackend { try await operation($0, id) }
            if json {
                CommandOutput.printJSON(document)
            } else {
                for line in lines(document) { print(line) }
            }
        } catch {
            throw ExitCode(CommandOutput.fail(error, json: json))
        }
    }
}
