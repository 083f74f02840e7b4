// The errors and file writing every Glint module shares (MediaError, FileProblem, GlintError,
// AtomicFileWriter) live in GlintCore; a user of GlintMedia gets them with it.
@_exported import GlintCore
