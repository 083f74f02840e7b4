import ArgumentParser

/// The `glint` command-line tool.
@main
struct GlintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "glint",
        abstract: "Edits and inspects Live Photos, keeping the still and the movie paired.",
        subcommands: [InspectCommand.self, EditCommand.self, FixtureCommand.self]
    )
}
