import ArgumentParser
import Foundation
import GlintClient
import GlintQueue

/// `glint jobs wait ID`: follows a job until it finishes, with a progress bar; exit status 0 when
/// it completed, 1 when it was discarded or cancelled (with its errors) or the wait timed out.
struct JobsWaitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wait", abstract: "Wait for a job to finish (progress bar on stderr); exit 1 unless it completed.")

    @Argument(help: "The job id.")
    var id: String

    @Option(help: "Give up after this many seconds (default: wait as long as it takes).")
    var timeout: Double?

    @OptionGroup var target: JobsTargetOptions

    @Flag(help: "Print one JSON document for machines.")
    var json = false

    func run() async throws {
        let bar = ProgressBar(quiet: json)
        do {
            let id = try parseJobID(id)
            let limit = timeout.map { Duration.milliseconds(Int64($0 * 1000)) }
            let document = try await target.withBackend { backend in
                try await backend.wait(for: id, timeout: limit) { job in
                    bar.update(job.progress?.fraction ?? 0, job.progress?.message ?? job.state)
                }
            }
            bar.finish()
            if json { CommandOutput.printJSON(document) } else { for line in document.lines { print(line) } }
            guard document.state == JobState.completed.rawValue else {
                let last = document.errors.last.map { ": \($0.code): \($0.message)" } ?? ""
                CommandOutput.printError("glint: job \(document.id) \(document.state) after \(document.attempt) attempt(s)\(last)")
                throw ExitCode(1)
            }
        } catch let exit as ExitCode {
            throw exit
        } catch {
            bar.finish()
            throw ExitCode(CommandOutput.fail(error, json: json))
        }
    }
}
