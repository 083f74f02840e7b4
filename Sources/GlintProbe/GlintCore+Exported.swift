// MediaError, the error every parser here throws, lives in GlintCore; a user of GlintProbe gets it
// with it.
@_exported import GlintCore
