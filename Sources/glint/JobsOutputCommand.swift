import ArgumentParser
import Foundation
import GlintMedia
import GlintQueue

/// `glint jobs output ID NAME --out PATH`: copies one output of a completed job out of the blob store.
struct JobsOutputCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "output", abstract: "Copy a job's output file out of the blob store.")

    @Argument(help: "The job id.")
    var id: String

    @Argument(help: "The output's name (glint jobs show lists them).")
    var name: String

    @Option(help: "Where to write it.")
    var out: String

    @OptionGroup var stores: JobsStoreOptions

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
            let document = try await stores.withStores { store, blobs, _ in
                let job = try await requireJob(id, in: store)
                guard let blob = job.outputs[name] else {
                    throw JobQueueError(.blob, "job \(id) (\(job.state)) has no output named '\(name)'"
                                        + (job.outputs.isEmpty ? "" : " (outputs: \(job.outputs.keys.sorted().joined(separator: ", ")))"))
                }
                let source = blobs.url(for: blob)
                guard let data = FileManager.default.contents(atPath: source.path) else {
                    throw JobQueueError(.blob, "job \(id): output '\(name)' (blob \(blob)) is missing from the blob store")
                }
                try AtomicFileWriter.write([UInt8](data), to: out)
                return Document(job: id.description, name: name, blob: blob.hex, path: out, size: Int64(data.count))
            }
            if json { CommandOutput.printJSON(document) } else { print("\(document.path)  \(document.size) bytes") }
        } catch {
            throw ExitCode(CommandOutput.fail(error, json: json))
        }
    }
}
