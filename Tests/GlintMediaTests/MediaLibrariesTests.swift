import GlintMedia
import GlintTestSupport
import Testing

/// FFmpeg and libheif load on demand by their Debian sonames (the trampolines in CFFmpeg and
/// CHeif resolve every function Glint calls when they do).
@Suite("MediaLibraries", .suiteTimeLimit)
struct MediaLibrariesTests {
    @Test("requireFFmpeg and requireHeif load the installed libraries and every function Glint calls")
    func loadsInstalledLibraries() throws {
        try MediaLibraries.requireFFmpeg()
        #expect(MediaLibraries.isFFmpegLoaded)
        try MediaLibraries.requireHeif()
        #expect(MediaLibraries.isHeifLoaded)
        // A second call returns the recorded outcome.
        try MediaLibraries.requireFFmpeg()
        try MediaLibraries.requireHeif()
    }
}
