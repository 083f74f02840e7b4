// The errors and file writing every Glint module shares (MediaError, FileProblem, GlintError,
// AtomicFileWriter) live in GlintCore; a user of GlintMedia gets them with it. So are the
// bounds-checked parsers of GlintProbe (boxes, HEIF items, JPEG markers, the header probe), which
// GlintMedia builds on.
@_exported import GlintCore
@_exported import GlintProbe
