import ArgumentParser
import Foundation
import GlintOptions
import GlintQueue
import GlintServer
import Logging

/// `glint retention run`: one pass of the retention every `glint serve` makes every 10 minutes
/// (``BlobRetention``), now, on the stores of this machine or the PostgreSQL database: for a cron
/// job, after a load test, or on a data directory no server runs on. It also removes the work
/// folders that workers of this host left when killed (as a worker does when it starts).
struct RetentionCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "retention",
        abstract: "Apply blob retention now (glint serve does it every 10 minutes).",
        subcommands: [RetentionRunCommand.self]
    )
}

struct RetentionRunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "One retention pass: expired claims go, then files that no tenant claims and no job names.",
        discussion: """
            A tenant's claim on a blob goes once unused for its keys' --blob-retention-days, unless an unfinished job or a \
            live share needs it. A file no claim and no job names goes once nobody has put it for --orphan-grace-seconds, \
            and so does a temporary file of a put (a killed process's) untouched as long. Safe beside running servers and workers.
            """)

    @OptionGroup var stores: StoreOptions

    @Option(
        help: ArgumentHelp(
            "Days kept for tenants whose keys set none, as glint serve's --blob-retention-days (default $\(KeyLimitOptions.Variable.blobRetentionDays), else kept)."
        ))
    var blobRetentionDays: Double?

    @Option(help: "Seconds since its last put before a file that nobody claims or names is removed (glint serve: 3600).")
    var orphanGraceSeconds: Double = 3600

    @Flag(help: "Print the report as JSON.") var json = false

    func validate() throws {
        guard orphanGraceSeconds >= 0, orphanGraceSeconds.isFinite else { throw ValidationError("--orphan-grace-seconds must be 0 or more") }
        _ = try defaultLimits()
    }

    /// The server's default limits as far as retention goes: `--blob-retention-days`, else the
    /// variable `glint serve` reads, checked by the same rule as serve's.
    func defaultLimits() throws -> KeyLimits {
        KeyLimits(blobRetentionDays: try KeyLimitOptions.blobRetentionDays(blobRetentionDays))
    }

    func run() async throws {
        do {
            let limits = try defaultLimits()
            let document = try await stores.withStores { jobs, blobs, data in
                try await GlintServer.withServerStore(for: try stores.location(), dataDirectory: data) { store in
                    let retention = BlobRetention(
                        jobs: jobs, store: store, blobs: blobs, defaultLimits: limits, orphanGrace: .milliseconds(Int64(orphanGraceSeconds * 1000)),
                        logger: Logger(label: "glint.retention"))
                    let report = try await retention.sweep()
                    // What workers of this host killed before they could clean up left (a worker does this as it starts).
                    let folders = WorkerIdentity.removeWorkFoldersOfGoneWorkers(in: data.workRoot)
                    return Document(report: report, removedWorkFolders: folders)
                }
            }
            CommandOutput.report(document, lines: Self.lines(document), json: json, out: "")
        } catch {
            throw ExitCode(CommandOutput.fail(error, json: json))
        }
    }

    /// The pass's report, and the work folders of gone workers removed.
    struct Document: Encodable {
        var report: BlobRetention.Report
        var removedWorkFolders: Int

        enum CodingKeys: CodingKey { case removedWorkFolders }

        func encode(to encoder: Encoder) throws {
            try report.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(removedWorkFolders, forKey: .removedWorkFolders)
        }
    }

    static func lines(_ document: Document) -> [String] {
        let report = document.report
        return [
            "claims removed: \(report.removedClaims) (\(report.removedBytes) bytes)",
            "claims kept in use: \(report.keptInUse)",
            "files removed: \(report.removedFiles) (\(report.removedFileBytes) bytes)",
            "abandoned temporary files removed: \(report.removedTemporaryFiles)",
            "work folders of gone workers removed: \(document.removedWorkFolders)",
        ]
    }
}
