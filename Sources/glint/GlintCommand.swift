import ArgumentParser
import GlintMedia

/// The `glint` command-line tool.
@main
struct GlintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "glint",
        abstract: "Edits and inspects Live Photos, keeping the still and the movie paired.",
        subcommands: [InspectCommand.self, EditCommand.self, FixtureCommand.self]
    )

    /// Runs the command line. FFmpeg's own logging is silenced first: its decoders and libx264
    /// would otherwise write banners and warnings to standard error, and every failure already
    /// reaches the user as one `glint: FILE: problem` line.
    static func main() {
        FFmpegLogging.silence()
        main(nil)
    }
}
