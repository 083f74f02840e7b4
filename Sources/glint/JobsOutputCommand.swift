import ArgumentParser
import Foundation
import GlintClient
import GlintQueue

/// `glint jobs output ID NAME --out PATH`: copies one output of a completed job out of the blob store.
struct JobsOutputCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "output", abstract: "Copy a job's output file out of the blob store (or download it from the server).")

    @Argument(help: "The job id.")
    var id: String

    @Argument(help: "The output's name (glint jobs show lists them).")
    var name: String

    @Option(help: "Where to write it; - writes it to standard output.")
    var out: String

    @OptionGroup var target: JobsTargetOptions

    @Flag(help: "Print one JSON document for machines.")
    var json = false

    struct Document: Encodable {
        var job: String
        var name: String
        var blob: String
        var path: String
        var size: Int64
    }

    func run() async throws {
        do {
            let id = try parseJobID(id)
            let (name, out) = (name, out)
            let written = try await target.withBackend { try await $0.writeOutput(of: id, named: name, to: out) }
            let document = Document(job: id.description, name: name, blob: written.blob, path: out, size: written.size)
            CommandOutput.report(document, lines: ["\(document.path)  \(document.size) bytes"], json: json, out: out)
        } catch {
            throw ExitCode(CommandOutput.fail(error, json: json))
        }
    }
}
