import ArgumentParser
import GlintJobs
import GlintQueue

/// `glint jobs kinds`: every job kind this build runs, with its inputs and parameters.
struct JobsKindsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kinds", abstract: "List the job kinds with their inputs and parameters (JobHandlerRegistry.glint).")

    @Flag(help: "Print the README's Markdown table of kinds.")
    var markdown = false

    @Flag(help: "Print one JSON document for machines.")
    var json = false

    /// One kind in the JSON output.
    struct KindDocument: Encodable {
        var kind: String
        var summary: String
        var inputs: String
        var parameters: String
    }

    func run() {
        let registry = JobHandlerRegistry.glint
        if json {
            CommandOutput.printJSON(
                registry.documentation.map {
                    KindDocument(
                        kind: $0.kind.rawValue, summary: $0.documentation.summary, inputs: $0.documentation.inputs,
                        parameters: $0.documentation.parameters)
                })
        } else if markdown {
            print(registry.markdownTable, terminator: "")
        } else {
            for (kind, documentation) in registry.documentation {
                print("\(kind)\n  \(documentation.summary)\n  inputs: \(documentation.inputs)\n  params: \(documentation.parameters)")
            }
        }
    }
}
