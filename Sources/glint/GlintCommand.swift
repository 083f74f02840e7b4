import ArgumentParser
import Foundation
import GlintMedia
import GlintOptions
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
    /// Logs go to standard error at the level GlintOptions' ``LogLevelSetting`` reads (`GLINT_LOG_LEVEL`,
    /// `warning` by default), so that normal runs print nothing but their results.
    static func main() async {
        // The long-running commands remember a stop asked for while they start (``StartupSignals``).
        if let command = CommandLine.arguments.dropFirst().first, StartupSignals.holdingCommands.contains(command) { StartupSignals.hold() }
        FFmpegLogging.silence()
        let level = LogLevelSetting.level()
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        await main(nil)
    }
}
