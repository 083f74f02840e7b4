import ArgumentParser
import GlintOptions

/// `glint jobs`: submits, lists, shows, cancels, retries and waits for queued jobs.
struct JobsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "jobs",
        abstract: "Submit, list, show, cancel, retry and wait for queued jobs; list the kinds.",
        discussion: """
            Jobs live in the store (--store sqlite:PATH or postgres://..., by default \
            sqlite:<data-dir>/queue.sqlite) and their input and output files in the blob store \
            under <data-dir>/blobs (--data-dir, else $\(StoreOptions.dataDirectoryVariable), else ./glint-data). \
            `glint worker` runs them. With --server URL --api-key KEY (or $\(RemoteServerOptions.Variable.server) and \
            $\(RemoteServerOptions.Variable.apiKey)) the same commands talk to a Glint server (`glint serve`) instead: inputs \
            are uploaded, outputs downloaded, and the tenant is the API key's.
            """,
        subcommands: [
            JobsSubmitCommand.self, JobsListCommand.self, JobsShowCommand.self, JobsCancelCommand.self,
            JobsRetryCommand.self, JobsWaitCommand.self, JobsOutputCommand.self, JobsKindsCommand.self,
        ]
    )
}
