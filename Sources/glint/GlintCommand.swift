import ArgumentParser
import Foundation
import GlintMedia
import Logging

/// The `glint` command-line tool.
@main
struct GlintCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "glint",
        abstract: "Edits and inspects Live Photos, keeping the still and the movie paired.",
        subcommands: [
            InspectCommand.self, EditCommand.self, ExportCommand.self, FixtureCommand.self, RingsCommand.self, BadgeCommand.self,
            JobsCommand.self, WorkerCommand.self, ServeCommand.self, KeysCommand.self, RetentionCommand.self, RunnerCommand.self,
        ]
    )

    /// Runs the command line. FFmpeg's own logging is silenced first: its decoders and libx264
    /// would otherwise write banners and warnings to standard error, and every failure already
    /// reaches the user as one `glint: FILE: problem` line.
    /// Logs go to standard error at the level named by `GLINT_LOG_LEVEL` (`trace` ... `critical`),
    /// `warning` by default, so that normal runs print nothing but their results.
    static func main() async {
        FFmpegLogging.silence()
        let level = ProcessInfo.processInfo.environment["GLINT_LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .warning
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        await main(nil)
    }
}
